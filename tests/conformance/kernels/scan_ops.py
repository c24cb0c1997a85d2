"""Scans: cumsum/cumprod along either axis, reverse scans, tl.associative_scan with user functions."""
import triton
import triton.language as tl


@triton.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@triton.jit
def _affine_combine(a1, b1, a2, b2):
    # composition of x -> a1 * x + b1 followed by x -> a2 * x + b2
    return a1 * a2, b1 * a2 + b2


@triton.jit
def scan2d_kernel(x_ptr, xi_ptr, cs1_ptr, cs0_ptr, cp_ptr, cmax_ptr, M, N, stride, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    ptrs = rm[:, None] * stride + rn[None, :]
    x = tl.load(x_ptr + ptrs, mask=mask, other=0.0)
    xi = tl.load(xi_ptr + ptrs, mask=mask, other=0)
    tl.store(cs1_ptr + ptrs, tl.cumsum(x, axis=1), mask=mask)
    tl.store(cs0_ptr + ptrs, tl.cumsum(xi, axis=0), mask=mask)
    tl.store(cp_ptr + ptrs, tl.cumprod(1.0 + x * 0.1, axis=1), mask=mask)
    tl.store(cmax_ptr + ptrs, tl.associative_scan(x, 1, _max_combine), mask=mask)


@triton.jit
def scan_tuple_kernel(a_ptr, b_ptr, ra_ptr, rb_ptr, rev_ptr, revmax_ptr, c8_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=1.0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    ra, rb = tl.associative_scan((a, b), 0, _affine_combine)
    tl.store(ra_ptr + offs, ra, mask=mask)
    tl.store(rb_ptr + offs, rb, mask=mask)
    tl.store(rev_ptr + offs, tl.cumsum(b, 0, reverse=True), mask=mask)
    tl.store(revmax_ptr + offs, tl.associative_scan(tl.where(mask, b, -1.0), 0, _max_combine, reverse=True),
             mask=mask)
    c = (offs % 7 - 3).to(tl.int8) * 40
    tl.store(c8_ptr + offs, tl.cumsum(c, 0), mask=mask)  # int8 is scanned as int32
