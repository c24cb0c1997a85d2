# tritonc: --target cuda -n kernel -s "*u8, *u8, 512"
# With pack=4 an 8-bit argument's four elements share one 32-bit register: "=r,r,r,r,r" lists
# four argument registers where there is one.
import triton
import triton.language as tl


@triton.jit
def kernel(X, Y, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("shl.b32 $0, $1, 3;", "=r,r,r,r,r", [x], dtype=tl.int8,
                                  is_pure=True, pack=4)
    tl.store(Y + tl.arange(0, BLOCK), y)
