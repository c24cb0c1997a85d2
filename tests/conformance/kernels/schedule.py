"""Ops of different shapes interleaved: the translator moves independent ones ahead of a 2D
group so that the group runs as one loop nest, but never moves a load above a store."""
import triton
import triton.language as tl


@triton.jit
def interleaved_shapes_kernel(x_ptr, row_ptr, col_ptr, out_ptr, sums_ptr, M, N,
                              BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # A 2D tile, then a row vector and a column vector loaded between steps on it, then
    # index math of another shape for the stores.
    pid = tl.program_id(0)
    rm = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=0.0)
    r = tl.load(row_ptr + rn, mask=rn < N, other=0.0)
    y = x * 2.0 - r[None, :]
    c = tl.load(col_ptr + rm, mask=rm < M, other=1.0)
    z = y / c[:, None] + tl.sqrt(tl.abs(x))
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], z, mask=mask)
    tl.store(sums_ptr + rm, tl.sum(z, axis=1) + c, mask=rm < M)


@triton.jit
def store_then_load_kernel(x_ptr, out_ptr, N: tl.constexpr, ROWS: tl.constexpr):
    # The 1D load reads what the 2D store above it wrote; it must stay after the store.
    rm = tl.arange(0, ROWS)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], x * 3.0)
    first = tl.load(out_ptr + rn)
    y = x + first[None, :]
    tl.store(out_ptr + ROWS * N + rm[:, None] * N + rn[None, :], y)
