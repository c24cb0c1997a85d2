"""Integer arithmetic: division, remainder, shifts, bitwise ops, wrap-around."""
import triton
import triton.language as tl

NEG_C = tl.constexpr(-7)


@triton.jit
def divmod_kernel(a_ptr, b_ptr, q_ptr, r_ptr, f_ptr, n, BLOCK: tl.constexpr):
    # Tensor `//` and `%` on signed integers truncate toward zero (C semantics);
    # `/` on two integer tensors gives fp32.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=1)
    b = tl.where(b == 0, 7, b)
    tl.store(q_ptr + offs, a // b, mask=mask)
    tl.store(r_ptr + offs, a % b, mask=mask)
    tl.store(f_ptr + offs, a / b, mask=mask)


@triton.jit
def scalar_int_kernel(out32_ptr, out64_ptr, a, b, big, C: tl.constexpr):
    # Runtime scalars (i32 a, b; i64 big) and constexpr arithmetic.
    tl.store(out32_ptr + 0, a // b)
    tl.store(out32_ptr + 1, a % b)
    tl.store(out32_ptr + 2, a // 3)
    tl.store(out32_ptr + 3, a % 3)
    tl.store(out32_ptr + 4, -a // b)
    tl.store(out32_ptr + 5, (-a) % b)
    # constexpr operands are folded by Python, so Python floor semantics apply
    tl.store(out32_ptr + 6, C // 2)
    tl.store(out32_ptr + 7, C % 3)
    tl.store(out32_ptr + 8, NEG_C // 2)
    tl.store(out32_ptr + 9, NEG_C % 3)
    tl.store(out32_ptr + 10, a * b - C)
    tl.store(out32_ptr + 11, a / b)
    tl.store(out32_ptr + 12, tl.cdiv(a, b))
    tl.store(out32_ptr + 13, a << 4)
    tl.store(out32_ptr + 14, a >> 2)
    tl.store(out32_ptr + 15, a ^ b)
    tl.store(out64_ptr + 0, big)
    tl.store(out64_ptr + 1, big // b)
    tl.store(out64_ptr + 2, big % b)
    tl.store(out64_ptr + 3, big + a)
    tl.store(out64_ptr + 4, big * 3)
    tl.store(out64_ptr + 5, big >> 7)
    tl.store(out64_ptr + 6, a * 1000000000)  # i32 product wraps before widening


@triton.jit
def bitops_kernel(a_ptr, b_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    s = tl.load(s_ptr + offs, mask=mask, other=0) & 31
    au = a.to(tl.uint32, bitcast=True)
    tl.store(out_ptr + 0 * n + offs, a << s, mask=mask)
    tl.store(out_ptr + 1 * n + offs, a >> s, mask=mask)  # arithmetic for signed
    tl.store(out_ptr + 2 * n + offs, (au >> s.to(tl.uint32)).to(tl.int32, bitcast=True), mask=mask)  # logical
    tl.store(out_ptr + 3 * n + offs, a & b, mask=mask)
    tl.store(out_ptr + 4 * n + offs, a | b, mask=mask)
    tl.store(out_ptr + 5 * n + offs, a ^ b, mask=mask)
    tl.store(out_ptr + 6 * n + offs, ~a, mask=mask)
    tl.store(out_ptr + 7 * n + offs, a * 1103515245 + 12345, mask=mask)  # wraps
    tl.store(out_ptr + 8 * n + offs, -a, mask=mask)
    tl.store(out_ptr + 9 * n + offs, a + b, mask=mask)  # wraps
    tl.store(out_ptr + 10 * n + offs, a - b, mask=mask)  # wraps
    tl.store(out_ptr + 11 * n + offs, (a >> 16) * (b >> 16), mask=mask)
    tl.store(out_ptr + 12 * n + offs, a & 0xFFFF | (b << 16), mask=mask)


@triton.jit
def uint_ops_kernel(a_ptr, b_ptr, c_ptr, out32_ptr, out8_ptr, out64_ptr, n, BLOCK: tl.constexpr):
    # Unsigned arithmetic: udiv/urem, unsigned compares, logical shifts, wrap-around.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)  # u32
    b = tl.load(b_ptr + offs, mask=mask, other=1)  # u32
    b = tl.where(b == 0, 3, b)
    c = tl.load(c_ptr + offs, mask=mask, other=0)  # u8
    tl.store(out32_ptr + 0 * n + offs, a // b, mask=mask)
    tl.store(out32_ptr + 1 * n + offs, a % b, mask=mask)
    tl.store(out32_ptr + 2 * n + offs, a > b, mask=mask)
    tl.store(out32_ptr + 3 * n + offs, a + b, mask=mask)
    tl.store(out32_ptr + 4 * n + offs, a - b, mask=mask)
    tl.store(out32_ptr + 5 * n + offs, a >> 7, mask=mask)
    tl.store(out32_ptr + 6 * n + offs, a * 3, mask=mask)
    tl.store(out32_ptr + 7 * n + offs, tl.maximum(a, b), mask=mask)
    tl.store(out32_ptr + 8 * n + offs, tl.minimum(a, b), mask=mask)
    tl.store(out32_ptr + 9 * n + offs, a // 1000, mask=mask)
    tl.store(out32_ptr + 10 * n + offs, (a + offs) % 12345, mask=mask)  # u32 + i32 -> u32
    tl.store(out32_ptr + 11 * n + offs, a ^ (b << 5), mask=mask)
    tl.store(out8_ptr + 0 * n + offs, c + c, mask=mask)
    tl.store(out8_ptr + 1 * n + offs, c * 7, mask=mask)
    tl.store(out8_ptr + 2 * n + offs, c // 3, mask=mask)
    tl.store(out8_ptr + 3 * n + offs, c >> 1, mask=mask)
    tl.store(out8_ptr + 4 * n + offs, c > 200, mask=mask)
    tl.store(out8_ptr + 5 * n + offs, c - 100, mask=mask)
    tl.store(out8_ptr + 6 * n + offs, ~c, mask=mask)
    tl.store(out64_ptr + 0 * n + offs, a.to(tl.uint64) * b.to(tl.uint64), mask=mask)
    tl.store(out64_ptr + 1 * n + offs, (a.to(tl.uint64) << 20) >> 3, mask=mask)
    tl.store(out64_ptr + 2 * n + offs, a.to(tl.uint64) * 4294967311 // 7, mask=mask)
    tl.store(out64_ptr + 3 * n + offs, a.to(tl.uint64) * 0x9E3779B97F4A7C15, mask=mask)


@triton.jit
def int_math_kernel(a_ptr, b_ptr, u_ptr, v_ptr, out_ptr, outu_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)  # i32, any sign
    b = tl.load(b_ptr + offs, mask=mask, other=1)  # i32, positive
    u = tl.load(u_ptr + offs, mask=mask, other=0)  # u32
    v = tl.load(v_ptr + offs, mask=mask, other=0)  # u32
    tl.store(out_ptr + 0 * n + offs, tl.abs(a), mask=mask)
    tl.store(out_ptr + 1 * n + offs, tl.minimum(a, b), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.maximum(a, b), mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.cdiv(a, b), mask=mask)
    tl.store(out_ptr + 4 * n + offs, tl.umulhi(a, b), mask=mask)
    tl.store(out_ptr + 5 * n + offs, tl.umulhi(a, a), mask=mask)
    tl.store(out_ptr + 6 * n + offs, tl.where(a > b, a - b, b - a), mask=mask)
    tl.store(out_ptr + 7 * n + offs, a % b, mask=mask)
    tl.store(out_ptr + 8 * n + offs, a * b, mask=mask)
    tl.store(outu_ptr + 0 * n + offs, tl.umulhi(u, v), mask=mask)
    tl.store(outu_ptr + 1 * n + offs, u * v, mask=mask)
    tl.store(outu_ptr + 2 * n + offs, tl.cdiv(u, 1000), mask=mask)
    tl.store(outu_ptr + 3 * n + offs, tl.maximum(u, v) - tl.minimum(u, v), mask=mask)
