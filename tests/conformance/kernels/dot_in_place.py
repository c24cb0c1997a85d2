"""tl.dot operands that the C target may read in place (without copying the tile) and ones it
must not: rows not evenly spaced in memory, and a tile overwritten in memory between its load
and the product."""
import triton
import triton.language as tl


@triton.jit
def dot_rows_gap_kernel(a_ptr, b_ptr, c_ptr, K, lda, gap, BM: tl.constexpr, BN: tl.constexpr,
                        BK: tl.constexpr):
    # rows 0 .. BM/2 - 1 of A, then rows from BM/2 + gap on: each row contiguous, the rows not
    # evenly spaced when gap != 0
    r = tl.arange(0, BM)
    rows = r + (r >= BM // 2).to(tl.int32) * gap
    cols = tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ks = k0 + tl.arange(0, BK)
        a = tl.load(a_ptr + rows[:, None] * lda + ks[None, :])
        b = tl.load(b_ptr + ks[:, None] * BN + cols[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + r[:, None] * BN + cols[None, :], acc)


@triton.jit
def dot_store_between_kernel(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr,
                             BK: tl.constexpr):
    # each A tile is loaded, then doubled in memory before the product: the product takes the
    # values the load read
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ks = k0 + tl.arange(0, BK)
        a_tile = a_ptr + rows[:, None] * K + ks[None, :]
        a = tl.load(a_tile)
        tl.store(a_tile, a * 2.0)
        b = tl.load(b_ptr + ks[:, None] * BN + cols[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rows[:, None] * BN + cols[None, :], acc)
