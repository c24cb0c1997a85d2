"""Loads and stores of every element type through one generic kernel."""
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = x * 3 + 1
    tl.store(y_ptr + offs, y, mask=mask)


@triton.jit
def bool_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)  # *i1, loaded as int8 != 0
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)  # *fp32
    tl.store(out_ptr + 0 * n + offs, x ^ (y > 0), mask=mask)
    tl.store(out_ptr + 1 * n + offs, x & (y > 0.5), mask=mask)
    tl.store(out_ptr + 2 * n + offs, x | (y < -0.5), mask=mask)
    tl.store(out_ptr + 3 * n + offs, ~x, mask=mask)
    tl.store(out_ptr + 4 * n + offs, x == (offs % 3 == 0), mask=mask)
    tl.store(out_ptr + 5 * n + offs, tl.where(x, y > 0, y < 0), mask=mask)
    tl.store(out_ptr + 6 * n + offs, (y * 4).to(tl.int32), mask=mask)  # *i1 is stored as int8: the low byte is written


@triton.jit
def abs_int_kernel(x_ptr, m_ptr, y_ptr, n_ptr, N: tl.constexpr):
    """tl.abs of signed integers, and of the type's smallest value (m_ptr holds it): Triton's
    integer abs wraps (llvm.abs with INT_MIN not poison), so abs(INT_MIN) is INT_MIN."""
    offs = tl.arange(0, N)
    tl.store(y_ptr + offs, tl.abs(tl.load(x_ptr + offs)))
    tl.store(n_ptr + offs, tl.abs(tl.load(m_ptr + offs)))
