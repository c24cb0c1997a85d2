"""tl.inline_asm_elementwise (test_core's test_inline_asm*): PTX per element, packed elements,
pointers and effects (is_pure=False), several results. The CUDA target emits it; the C target
refuses it with a positioned error."""
import triton
import triton.language as tl


@triton.jit
def asm_shf_kernel(X, Y, Z, n: tl.constexpr, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.load(Y + tl.arange(0, BLOCK))
    s = tl.full([BLOCK], n, tl.int32)
    z = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r, r, r", [x, y, s], dtype=tl.int32,
                                  is_pure=True, pack=1)
    tl.store(Z + tl.arange(0, BLOCK), z)

@triton.jit
def asm_packed_kernel(X, Y, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise(
        "and.b32 $0, $1, 0x1F1F1F1F; \
                                   shl.b32 $0, $0, 3;", "=r,r", [
            x,
        ], dtype=tl.int8, is_pure=True, pack=4)
    tl.store(Y + tl.arange(0, BLOCK), y)

@triton.jit
def asm_ptrs_kernel(X, Y, BLOCK: tl.constexpr):
    x_ptrs = X + tl.arange(0, BLOCK)
    y_ptrs = Y + tl.arange(0, BLOCK)
    tl.inline_asm_elementwise(
        "ld.global.b8 $0, [$1]; \
                               shl.b32 $0, $0, 3; \
                               st.global.b8 [$2], $0;", "=r,l,l", [x_ptrs, y_ptrs], dtype=tl.int8, is_pure=False,
        pack=1)

@triton.jit
def asm_multi_kernel(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    (c, d) = tl.inline_asm_elementwise(
        asm="""
        sub.u32 $0, $2, $3;  // C = A - B
        sub.u32 $1, $3, $2;  // D = B - A
        """,
        constraints=("=r,=r," "r,r"),
        args=[a, b],
        dtype=(tl.uint32, tl.uint32),
        is_pure=True,
        pack=1,
    )
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)

@triton.jit
def asm_packed_multi_kernel(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    (c, d) = tl.inline_asm_elementwise(
        asm="""
        {
            .reg .b8 tmp<4>;
            mov.b32 {tmp0, tmp1, tmp2, tmp3}, $8;
            cvt.u32.u8 $0, tmp0;
            cvt.u32.u8 $1, tmp1;
            cvt.u32.u8 $2, tmp2;
            cvt.u32.u8 $3, tmp3;
        }
        cvt.rn.f32.s32 $4, $0;
        cvt.rn.f32.s32 $5, $1;
        cvt.rn.f32.s32 $6, $2;
        cvt.rn.f32.s32 $7, $3;
        max.f32 $4, $4, $9;
        max.f32 $5, $5, $10;
        max.f32 $6, $6, $11;
        max.f32 $7, $7, $12;
        """,
        constraints=("=r,=r,=r,=r,=r,=r,=r,=r," "r,r,r,r,r"),
        args=[a, b],
        dtype=(tl.int32, tl.float32),
        is_pure=True,
        pack=4,
    )
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)
