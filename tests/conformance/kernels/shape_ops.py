"""Shape manipulation: indexing with None, expand_dims, broadcast_to, reshape, trans, permute, ravel,
flip, join, split, interleave."""
import triton
import triton.language as tl


@triton.jit
def broadcast_kernel(a_ptr, b_ptr, outer_ptr, e_ptr, bt_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    a = tl.load(a_ptr + rm, mask=rm < M, other=0.0)
    b = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    out = rm[:, None] * N + rn[None, :]
    tl.store(outer_ptr + out, a[:, None] * b[None, :], mask=mask)
    tl.store(e_ptr + out, tl.expand_dims(a, 1) - tl.expand_dims(b, 0), mask=mask)
    bt = tl.broadcast_to(b[None, :], (BLOCK_M, BLOCK_N)) + rm[:, None]
    tl.store(bt_ptr + out, bt, mask=mask)


@triton.jit
def reshape_kernel(x_ptr, t_ptr, r_ptr, g_ptr, p_ptr, v_ptr, f_ptr, R: tl.constexpr, C: tl.constexpr):
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    x = tl.load(x_ptr + r[:, None] * C + c[None, :])  # (R, C)
    # transpose, stored as a (C, R) row-major matrix
    tl.store(t_ptr + c[:, None] * R + r[None, :], tl.trans(x))
    # reshape keeps row-major order
    y = tl.reshape(x, (R // 2, 2 * C))
    i = tl.arange(0, R // 2)
    j = tl.arange(0, 2 * C)
    tl.store(r_ptr + i[:, None] * (2 * C) + j[None, :], y * 2)
    g = tl.sum(tl.reshape(x, (R * C // 4, 4)), axis=1)
    tl.store(g_ptr + tl.arange(0, R * C // 4), g)
    # 3D permute: (2, R/2, C) -> (C, 2, R/2)
    p = tl.permute(tl.reshape(x, (2, R // 2, C)), (2, 0, 1))
    d0 = tl.arange(0, C)[:, None, None]
    d1 = tl.arange(0, 2)[None, :, None]
    d2 = tl.arange(0, R // 2)[None, None, :]
    tl.store(p_ptr + d0 * R + d1 * (R // 2) + d2, p)
    tl.store(v_ptr + tl.arange(0, R * C), tl.ravel(tl.trans(x)))
    tl.store(f_ptr + r[:, None] * C + c[None, :], tl.flip(x, 1) + tl.flip(x, 0) * 100)


@triton.jit
def join_split_kernel(a_ptr, b_ptr, j_ptr, i_ptr, s0_ptr, s1_ptr, N: tl.constexpr):
    k = tl.arange(0, N)
    a = tl.load(a_ptr + k)
    b = tl.load(b_ptr + k)
    j = tl.join(a, b)  # (N, 2)
    tl.store(j_ptr + k[:, None] * 2 + tl.arange(0, 2)[None, :], j)
    tl.store(i_ptr + tl.arange(0, 2 * N), tl.interleave(a, b * 10))
    s0, s1 = tl.split(tl.reshape(a, (N // 2, 2)))
    h = tl.arange(0, N // 2)
    tl.store(s0_ptr + h, s0)
    tl.store(s1_ptr + h, s1 - s0)


@triton.jit
def split_scalar_kernel(x_ptr, z1_ptr, z2_ptr):
    """tl.split of a [2] tile: two scalars, each stored once."""
    x = tl.load(x_ptr + tl.arange(0, 2))
    z1, z2 = tl.split(x)
    tl.store(z1_ptr, z1 * 3)
    tl.store(z2_ptr, z2 + z1)


@triton.jit
def chained_reductions_kernel(in_ptr, out_ptr, D0: tl.constexpr, D1: tl.constexpr, D2: tl.constexpr,
                              D3: tl.constexpr, D4: tl.constexpr):
    """A rank-5 tile permuted and summed three times (a [D0, D4] result of [D0..D4])."""
    idx = tl.arange(0, D0 * D1 * D2 * D3 * D4).reshape(D0, D1, D2, D3, D4)
    vals = tl.permute(tl.load(in_ptr + idx), [2, 1, 0, 3, 4])
    r = tl.sum(tl.sum(tl.sum(vals, 3), 1), 0)
    tl.store(out_ptr + tl.arange(0, r.shape[0] * r.shape[1]).reshape(r.shape), r)


@triton.jit
def reshape9_kernel(x_ptr, out_ptr):
    """A [512] tile as [2] * 9, summed along dims 8 and 0 and flipped back to a row."""
    x = tl.load(x_ptr + tl.arange(0, 512)).reshape(2, 2, 2, 2, 2, 2, 2, 2, 2)
    y = tl.sum(tl.sum(x * 3, 8), 0)
    tl.store(out_ptr + tl.arange(0, 128), y.reshape(128))


@triton.jit
def bcast_trans6_kernel(x_ptr, y_ptr, out_ptr):
    """Rank-6 broadcasting ([2, 4, 2, 2, 8, 1] * [1, 4, 1, 1, 8, 2]), a rank-6 tl.trans, a max
    over one dimension and a keep_dims sum broadcast back over a rank-5 tile."""
    x = tl.load(x_ptr + tl.arange(0, 256)).reshape(2, 4, 2, 2, 8)
    y = tl.load(y_ptr + tl.arange(0, 64)).reshape(4, 1, 8, 2)
    z = x[:, :, :, :, :, None] * y[None, :, :, None, :, :]
    t = tl.trans(z, 5, 3, 1, 0, 2, 4)
    r = tl.max(t, 2)
    s = tl.sum(r, 4, keep_dims=True)
    tl.store(out_ptr + tl.arange(0, 128), (r - s).reshape(128))


@triton.jit
def rank10_kernel(x_ptr, out_ptr):
    """A [1024] tile as [2] * 10 (tritonc's most dimensions), its dimensions reversed, summed along
    the last with keep_dims and broadcast back onto the unpermuted tile."""
    x = tl.load(x_ptr + tl.arange(0, 1024)).reshape(2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
    y = tl.permute(x, (9, 8, 7, 6, 5, 4, 3, 2, 1, 0))
    z = tl.sum(y, 9, keep_dims=True) + x
    tl.store(out_ptr + tl.arange(0, 1024), z.reshape(1024))


@triton.jit
def ptr_shape_kernel(x_ptr, f_ptr, j_ptr, i_ptr, s_ptr, N: tl.constexpr):
    """Shape operations on tiles of pointers keep the pointers' element type: stores through a
    joined, interleaved and split tile of fp32 pointers write whole floats (Triton refuses
    tl.flip of pointers, so f goes through flipped offsets)."""
    k = tl.arange(0, N)
    x = tl.load(x_ptr + k)
    tl.store(f_ptr + tl.flip(k, 0), x)  # f[N-1-k] = x[k]
    tl.store(tl.join(j_ptr + k, j_ptr + N + k), tl.join(x, -x))  # j[k] = x[k], j[N+k] = -x[k]
    tl.store(tl.interleave(i_ptr + 2 * k + 1, i_ptr + 2 * k), tl.interleave(x, x * 2.0))
    lo, hi = tl.split(tl.join(s_ptr + N + k, s_ptr + k))
    tl.store(lo, x)  # s[N+k] = x[k]
    tl.store(hi, -x)  # s[k] = -x[k]
