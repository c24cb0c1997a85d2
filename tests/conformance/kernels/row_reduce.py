"""Reductions along the rows of a 2D tile with a few rows per program.

The translator runs such a group's vector loop outside and the rows inside ("jammed": one
vector of every row per trip, one accumulator per row). `row_stats_kernel` keeps three
reductions of one tile (sum, max, sum of squares); `row_dot_kernel` is a sum of products of two
tiles; `row_int_kernel` reduces int32 rows (max, min, wrapping sum); `flat_bound_kernel` bounds
its tile by a flat index that depends on both the row and the column, which the jammed loop
cannot hoist, so that group keeps the row-by-row loop nest."""
import triton
import triton.language as tl


@triton.jit
def row_stats_kernel(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # BLOCK_M rows per program walked in BLOCK_N chunks: sum, max and sum of squares per row.
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    s = tl.zeros([BLOCK_M], dtype=tl.float32)
    q = tl.zeros([BLOCK_M], dtype=tl.float32)
    m = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask, other=0.0)
        s += tl.sum(x, axis=1)
        q += tl.sum(x * x, axis=1)
        m = tl.maximum(m, tl.max(tl.where(mask, x, float("-inf")), axis=1))
    ok = rows < M
    tl.store(out_ptr + rows * 3, s, mask=ok)
    tl.store(out_ptr + rows * 3 + 1, m, mask=ok)
    tl.store(out_ptr + rows * 3 + 2, q, mask=ok)


@triton.jit
def row_dot_kernel(x_ptr, y_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # The rows of x times the rows of y, whole rows in one tile (N <= BLOCK_N).
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    offs = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + rows, tl.sum(x * y, axis=1), mask=rows < M)


@triton.jit
def row_int_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # int32 rows: max, min and the wrapping sum.
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=0)
    hi = tl.max(tl.where(mask, x, -2147483648), axis=1)
    lo = tl.min(tl.where(mask, x, 2147483647), axis=1)
    tot = tl.sum(x, axis=1)
    ok = rows < M
    tl.store(out_ptr + rows * 3, hi, mask=ok)
    tl.store(out_ptr + rows * 3 + 1, lo, mask=ok)
    tl.store(out_ptr + rows * 3 + 2, tot, mask=ok)


@triton.jit
def flat_bound_kernel(x_ptr, out_ptr, total, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # The tile is bounded by its flat index (row * N + col < total), not by row and column.
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    flat = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + flat, mask=flat < total, other=0.0)
    tl.store(out_ptr + rows, tl.sum(x, axis=1))
