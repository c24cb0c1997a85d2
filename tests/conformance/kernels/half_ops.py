"""fp16 / bf16 element math and integer // and % by constants: the C emitter's vector path
computes them (tests/vecf16) with each fp16 op rounded as the scalar path rounds it."""
import triton
import triton.language as tl


@triton.jit
def half_ops_kernel(a_ptr, b_ptr, i_ptr, out_ptr, f32_ptr, int_ptr, n, BLOCK: tl.constexpr):
    # out_ptr holds 8 rows of n results of the pointers' type (fp16 or bf16, as signed)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask, other=1.0)
    tl.store(out_ptr + offs, a + b, mask=mask)
    tl.store(out_ptr + n + offs, a - b, mask=mask)
    tl.store(out_ptr + 2 * n + offs, a * b, mask=mask)
    tl.store(out_ptr + 3 * n + offs, a / b, mask=mask)
    tl.store(out_ptr + 4 * n + offs, tl.maximum(a, b), mask=mask)
    # rounded after each op: (a * b) to the type, then + a
    tl.store(out_ptr + 5 * n + offs, a * b + a, mask=mask)
    i = tl.load(i_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + 6 * n + offs, i.to(a.dtype), mask=mask)
    # fp32 math on the fp16 value, rounded by the cast back
    tl.store(out_ptr + 7 * n + offs, (a.to(tl.float32) * 3.0 + 0.5).to(a.dtype), mask=mask)
    tl.store(f32_ptr + offs, a.to(tl.float32) * 0.25, mask=mask)
    tl.store(int_ptr + offs, tl.where(tl.abs(a) < 1000.0, a, 0.0).to(tl.int32), mask=mask)


@triton.jit
def divc_kernel(x_ptr, out_ptr, n, D0: tl.constexpr, D1: tl.constexpr, D2: tl.constexpr,
                D3: tl.constexpr, D4: tl.constexpr, D5: tl.constexpr, D6: tl.constexpr,
                D7: tl.constexpr, BLOCK: tl.constexpr):
    # out_ptr holds 16 rows of n: x // Dk in row 2k, x % Dk in row 2k + 1 (truncating, as C)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x // D0, mask=mask)
    tl.store(out_ptr + n + offs, x % D0, mask=mask)
    tl.store(out_ptr + 2 * n + offs, x // D1, mask=mask)
    tl.store(out_ptr + 3 * n + offs, x % D1, mask=mask)
    tl.store(out_ptr + 4 * n + offs, x // D2, mask=mask)
    tl.store(out_ptr + 5 * n + offs, x % D2, mask=mask)
    tl.store(out_ptr + 6 * n + offs, x // D3, mask=mask)
    tl.store(out_ptr + 7 * n + offs, x % D3, mask=mask)
    tl.store(out_ptr + 8 * n + offs, x // D4, mask=mask)
    tl.store(out_ptr + 9 * n + offs, x % D4, mask=mask)
    tl.store(out_ptr + 10 * n + offs, x // D5, mask=mask)
    tl.store(out_ptr + 11 * n + offs, x % D5, mask=mask)
    tl.store(out_ptr + 12 * n + offs, x // D6, mask=mask)
    tl.store(out_ptr + 13 * n + offs, x % D6, mask=mask)
    tl.store(out_ptr + 14 * n + offs, x // D7, mask=mask)
    tl.store(out_ptr + 15 * n + offs, x % D7, mask=mask)


@triton.jit
def bcast_mod_kernel(x_ptr, y_ptr, out_ptr, n, C: tl.constexpr, BLOCK: tl.constexpr):
    # Inductor's broadcast of a row vector over a flat index: y[xindex % C] and the row xindex // C
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs % C, mask=mask)
    tl.store(out_ptr + offs, x + y + (offs // C).to(tl.float32), mask=mask)
