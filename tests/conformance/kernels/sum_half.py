"""tl.sum of fp16 / bf16 tiles, kept in the input type (Triton does not widen them): row sums,
column sums and the whole tile, and a keep_dims total stored through a scalar pointer indexed
Z[None, None, :] (test_core's test_reduce does so)."""
import triton
import triton.language as tl


@triton.jit
def sum_half_kernel(x_ptr, rows_ptr, cols_ptr, total_ptr, keep_ptr, R: tl.constexpr,
                    C: tl.constexpr):
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    x = tl.load(x_ptr + r[:, None] * C + c[None, :])
    tl.store(rows_ptr + r, tl.sum(x, axis=1))
    tl.store(cols_ptr + c, tl.sum(x, axis=0))
    tl.store(total_ptr, tl.sum(x))
    tl.store(keep_ptr[None, None, :], tl.sum(x, axis=None, keep_dims=True))
