"""Block pointers and tensor descriptors: partial tiles, padding, loops, helpers.

Each kernel reads a row-major [M, N] matrix x (row stride stride_xm) tile by tile and writes a
result of the same shape to y, so tiles at the right and bottom edges are partial and the
boundary checks decide which elements exist.
"""
import triton
import triton.language as tl


@triton.jit
def bp_scale(x_ptr, y_ptr, M, N, stride_xm, stride_ym, BM: tl.constexpr, BN: tl.constexpr):
    """y = 2 * x + 1 through block pointers checked in both dimensions."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(stride_xm, 1),
                            offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN), order=(1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, N), (stride_ym, 1), (pid_m * BM, pid_n * BN), (BM, BN),
                            (1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, x * 2 + 1, boundary_check=(1, 0))


@triton.jit
def bp_pad_nan(x_ptr, y_ptr, flag_ptr, M, N, stride_xm, BM: tl.constexpr, BN: tl.constexpr):
    """Loads a tile with NaN padding; y gets the tile (checked stores), and flag[pid] counts
    the tile's NaNs (its padded elements: x has none)."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(x_ptr, (M, N), (stride_xm, 1), (pid_m * BM, pid_n * BN), (BM, BN),
                            (1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option="nan")
    nans = tl.sum(tl.sum((x != x).to(tl.int32), axis=1), axis=0)
    tl.store(flag_ptr + pid_m * tl.num_programs(1) + pid_n, nans)
    dst = tl.make_block_ptr(y_ptr, (M, N), (stride_xm, 1), (pid_m * BM, pid_n * BN), (BM, BN),
                            (1, 0))
    tl.store(dst, x, boundary_check=(0, 1))


@triton.jit
def _row_sums(bp, steps, BM: tl.constexpr, BN: tl.constexpr):
    """A helper that takes a block pointer, walks it right and returns the row sums."""
    acc = tl.zeros((BM,), dtype=tl.float32)
    for _ in range(steps):
        acc += tl.sum(tl.load(bp, boundary_check=(0, 1)), axis=1)
        bp = tl.advance(bp, (0, BN))
    return acc


@triton.jit
def bp_row_sum(x_ptr, out_ptr, M, N, stride_xm, BM: tl.constexpr, BN: tl.constexpr):
    """out[r] = sum of row r: a block pointer carried through a K-style loop (tl.advance)
    inside a @triton.jit helper; rows past M are never stored (checked store, 1-D)."""
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, (M, N), (stride_xm, 1), (pid * BM, 0), (BM, BN), (1, 0))
    sums = _row_sums(src, tl.cdiv(N, BN), BM, BN)
    dst = tl.make_block_ptr(out_ptr, (M,), (1,), (pid * BM,), (BM,), (0,))
    tl.store(dst, sums, boundary_check=(0,))


@triton.jit
def bp_transpose(x_ptr, y_ptr, M, N, stride_xm, stride_yn, BM: tl.constexpr, BN: tl.constexpr):
    """y = x.T ([N, M]): the destination block pointer walks y with order (0, 1) and strides
    (1, stride_yn). Only dimension 1 is checked: the case's M is a multiple of BM."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(x_ptr, (M, N), (stride_xm, 1), (pid_m * BM, pid_n * BN), (BM, BN),
                            (1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, N), (1, stride_yn), (pid_m * BM, pid_n * BN), (BM, BN),
                            (0, 1))
    x = tl.load(src, boundary_check=(1,))
    tl.store(dst, x, boundary_check=(1,))


@triton.jit
def desc_copy(x_ptr, y_ptr, M, N, stride_xm, stride_ym, BM: tl.constexpr, BN: tl.constexpr):
    """y = x + 1 through tensor descriptors: out-of-bounds reads are zero, writes are dropped."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[stride_xm, 1],
                                    block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(y_ptr, [M, N], [stride_ym, 1], [BM, BN])
    x = src.load([pid_m * BM, pid_n * BN])
    dst.store([pid_m * BM, pid_n * BN], x + 1)


@triton.jit
def bp_while_if(x_ptr, out_ptr, M, N, stride_xm, BM: tl.constexpr, BN: tl.constexpr):
    """out[r] = sum over the column tiles j of row r's part of tile j, times (-1)^j: a block
    pointer carried by a while loop and advanced in both branches of a runtime if (the branches
    merge its offsets)."""
    pid = tl.program_id(0)
    bp = tl.make_block_ptr(x_ptr, (M, N), (stride_xm, 1), (pid * BM, 0), (BM, BN), (1, 0))
    acc = tl.zeros((BM,), dtype=tl.float32)
    col = 0
    while col < N:
        if (col // BN) % 2 == 0:
            acc += tl.sum(tl.load(bp, boundary_check=(0, 1)), axis=1)
            bp = tl.advance(bp, (0, BN))
        else:
            acc -= tl.sum(tl.load(bp, boundary_check=(0, 1)), axis=1)
            bp = bp.advance((0, BN))
        col += BN
    dst = tl.make_block_ptr(out_ptr, (M,), (1,), (pid * BM,), (BM,), (0,))
    tl.store(dst, acc, boundary_check=(0,))


@triton.jit
def bp_not_bool(x_ptr, y_ptr, N, B: tl.constexpr):
    """y = not x over a bool vector through 1-D block pointers; the last block is partial. A *i1
    block pointer is one of int8 (as Triton's make_block_ptr rewrites it): it loads int8 and
    stores int8."""
    pid = tl.program_id(0)
    src = tl.make_block_ptr(base=x_ptr, shape=(N, ), strides=(1, ), offsets=(pid * B, ),
                            block_shape=(B, ), order=(0, ))
    dst = tl.make_block_ptr(base=y_ptr, shape=(N, ), strides=(1, ), offsets=(pid * B, ),
                            block_shape=(B, ), order=(0, ))
    x = tl.load(src, boundary_check=(0, ))
    tl.store(dst, (x == 0).to(tl.int8), boundary_check=(0, ))
