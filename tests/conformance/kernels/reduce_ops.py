"""Reductions: sum/max/min/argmax/argmin/xor_sum with axes and keep_dims, and tl.reduce."""
import triton
import triton.language as tl


@triton.jit
def reduce2d_kernel(x_ptr, sum0_ptr, sum1_ptr, max1_ptr, min0_ptr, argmax1_ptr, argmin0_ptr, total_ptr,
                    keep_ptr, centered_ptr, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride + rn[None, :], mask=mask, other=0.0)
    tl.store(sum0_ptr + rn, tl.sum(x, axis=0), mask=rn < N)
    tl.store(sum1_ptr + rm, tl.sum(x, axis=1), mask=rm < M)
    xm = tl.where(mask, x, -float('inf'))
    tl.store(max1_ptr + rm, tl.max(xm, axis=1), mask=rm < M)
    xn = tl.where(mask, x, float('inf'))
    tl.store(min0_ptr + rn, tl.min(xn, axis=0), mask=rn < N)
    # ties resolve to the lowest index
    tl.store(argmax1_ptr + rm, tl.argmax(xm, axis=1), mask=rm < M)
    tl.store(argmin0_ptr + rn, tl.argmin(xn, axis=0), mask=rn < N)
    tl.store(total_ptr, tl.sum(x))
    ks = tl.sum(x, axis=1, keep_dims=True)  # (BLOCK_M, 1)
    tl.store(keep_ptr + rm[:, None], ks, mask=rm[:, None] < M)
    centered = x - tl.max(xm, axis=1, keep_dims=True)
    tl.store(centered_ptr + rm[:, None] * stride + rn[None, :], centered, mask=mask)


@triton.jit
def reduce_int_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # One program; a is int8, b is int32.
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + 0, tl.sum(a))  # int8 is summed as int32
    tl.store(out_ptr + 1, tl.max(tl.where(mask, a, -128)))
    tl.store(out_ptr + 2, tl.min(tl.where(mask, a, 127)))
    tl.store(out_ptr + 3, tl.xor_sum(b, axis=0))
    tl.store(out_ptr + 4, tl.sum(b, axis=0))  # wraps
    tl.store(out_ptr + 5, tl.argmax(tl.where(mask, a, -128), axis=0))
    tl.store(out_ptr + 6, tl.argmin(tl.where(mask, a, 127), axis=0))
    tl.store(out_ptr + 7, tl.sum(mask.to(tl.int32)))
    tl.store(out_ptr + 8, tl.max(b, axis=0))
    tl.store(out_ptr + 9, tl.sum(a * a))  # the int8 product wraps before the int32 sum
    tl.store(out_ptr + 10, tl.sum(a.to(tl.int32) * a))


@triton.jit
def _absmax_combine(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))


@triton.jit
def _sum_sumsq_combine(s1, q1, s2, q2):
    return s1 + s2, q1 + q2


@triton.jit
def _argmax_last_combine(v1, i1, v2, i2):
    # maximum value; ties go to the larger index
    take2 = (v2 > v1) | ((v2 == v1) & (i2 > i1))
    return tl.where(take2, v2, v1), tl.where(take2, i2, i1)


@triton.jit
def reduce_custom_kernel(x_ptr, absmax_ptr, s_ptr, q_ptr, am_ptr, M, N, stride, BLOCK_M: tl.constexpr,
                         BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride + rn[None, :], mask=mask, other=0.0)
    tl.store(absmax_ptr + rm, tl.reduce(x, 1, _absmax_combine), mask=rm < M)
    s, q = tl.reduce((x, x * x), 1, _sum_sumsq_combine)
    tl.store(s_ptr + rm, s, mask=rm < M)
    tl.store(q_ptr + rm, q, mask=rm < M)
    idx = tl.broadcast_to(rm[:, None], (BLOCK_M, BLOCK_N))
    xm = tl.where(mask, x, -float('inf'))
    _, am = tl.reduce((xm, idx), axis=0, combine_fn=_argmax_last_combine)
    tl.store(am_ptr + rn, am, mask=rn < N)


@triton.jit
def _keep_first(a, b):
    return a


@triton.jit
def reduce_keep_first_kernel(x_ptr, r_ptr, s_ptr, N: tl.constexpr):
    """tl.reduce and tl.associative_scan with a combine that ignores its right operand: every
    result is the first element (the generated C once declared an unused element and assigned
    the accumulator to itself, warnings under -Wall)."""
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(r_ptr, tl.reduce(x, 0, _keep_first))
    tl.store(s_ptr + offs, tl.associative_scan(x, 0, _keep_first))


@triton.jit
def running_min_i16_kernel(x_ptr, val_ptr, idx_ptr, top_ptr, N, BLOCK_M: tl.constexpr,
                           BLOCK_N: tl.constexpr):
    # tl.min / tl.max with indices keep int16 (without indices they widen to int32): a running
    # minimum carried across the loop in int16 stays int16
    rows = tl.arange(0, BLOCK_M)
    best = tl.full([BLOCK_M], 32767, tl.int16)
    best_i = tl.zeros([BLOCK_M], tl.int32)
    top = tl.full([BLOCK_M], -32768, tl.int16)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        m = (rows[:, None] < BLOCK_M) & (cols[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=m, other=32767)
        v, i = tl.min(x, 1, return_indices=True, return_indices_tie_break_left=True)
        upd = v < best
        best = tl.where(upd, v, best)
        best_i = tl.where(upd, start + i, best_i)
        hi, _ = tl.max(tl.where(m, x, -32768), 1, return_indices=True)
        top = tl.maximum(top, hi)
    tl.store(val_ptr + rows, best)
    tl.store(idx_ptr + rows, best_i)
    tl.store(top_ptr + rows, top)
