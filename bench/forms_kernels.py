"""The spellings bench/forms.py times: one matrix product and one attention forward, each written
the several ways kernel libraries write them. Every matmul kernel computes c[M, N] = a[M, K] @ B
with B's logical shape [K, N]; they differ only in how B is stored and reached:

  mm_kn        B stored [K, N] row-major, a [BK, BN] tile through pointers (the tutorial form)
  mm_kn_i64    the same with int64 offsets (what kernels for > 2^31-element tensors write)
  mm_kn_bp     B [K, N] through a block pointer, order (1, 0)
  mm_nk_trans  W stored [N, K] (a linear layer's weight), a [BN, BK] tile, then tl.trans
  mm_nk_ptr    W stored [N, K], the [BK, BN] tile reached straight through pointers
               (w + rn[None, :] * K + rk[:, None]): K-major, no tl.trans in the source
  mm_nk_bp     W [N, K] seen as [K, N] by a block pointer with strides (1, K), order (0, 1)
  mm_w8_trans  W int8 [N, K] converted to a's type in the kernel, per-column scale at the end
  mm_w8_ptr    the same, W's tile reached K-major through pointers

All use grouped program order (GROUP_M rows of tiles per group) and masks on every edge, so
ragged sizes run unchanged. Attention (q, k, v, out: [B*H, N_CTX, D] row-major):

  attn_trans   k loaded [BLOCK_N, D], scores tl.dot(q, tl.trans(k))
  attn_kt_ptr  k loaded [D, BLOCK_N] straight through pointers, scores tl.dot(q, kt)
  attn_bp      q, k^T, v through block pointers (k^T: shape (D, N_CTX), strides (1, stride_n))
"""
import triton
import triton.language as tl


@triton.jit
def _tile_ids(M, N, BM: tl.constexpr, BN: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    per_group = GROUP_M * tiles_n
    first = (pid // per_group) * GROUP_M
    rows = tl.minimum(tiles_m - first, GROUP_M)
    pm = first + (pid % per_group) % rows
    pn = (pid % per_group) // rows
    return pm, pn


@triton.jit
def _store_c(c, acc, M, N, pm, pn, BM: tl.constexpr, BN: tl.constexpr):
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    tl.store(c + rm[:, None] * N + rn[None, :], acc.to(c.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_kn(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
          GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a + rm[:, None] * K + rk[None, :]
    b_ptrs = b + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        left = K - k * BK
        x = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < left), other=0.0)
        y = tl.load(b_ptrs, mask=(rk[:, None] < left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
        a_ptrs += BK
        b_ptrs += BK * N
    _store_c(c, acc, M, N, pm, pn, BM, BN)


@triton.jit
def mm_kn_i64(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
              GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    rm = (pm * BM + tl.arange(0, BM)).to(tl.int64)
    rn = (pn * BN + tl.arange(0, BN)).to(tl.int64)
    rk = tl.arange(0, BK).to(tl.int64)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        x = tl.load(a + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        y = tl.load(b + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    _store_c(c, acc, M, N, pm, pn, BM, BN)


@triton.jit
def mm_kn_bp(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
             GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    a_bp = tl.make_block_ptr(a, (M, K), (K, 1), (pm * BM, 0), (BM, BK), (1, 0))
    b_bp = tl.make_block_ptr(b, (K, N), (N, 1), (0, pn * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        x = tl.load(a_bp, boundary_check=(0, 1), padding_option="zero")
        y = tl.load(b_bp, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(x, y, acc)
        a_bp = tl.advance(a_bp, (0, BK))
        b_bp = tl.advance(b_bp, (BK, 0))
    _store_c(c, acc, M, N, pm, pn, BM, BN)


@triton.jit
def mm_nk_trans(a, w, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        wt = tl.load(w + rn[:, None] * K + (k0 + rk)[None, :],
                     mask=(rn[:, None] < N) & ((k0 + rk)[None, :] < K), other=0.0)
        acc = tl.dot(x, tl.trans(wt), acc)
    _store_c(c, acc, M, N, pm, pn, BM, BN)


@triton.jit
def mm_nk_ptr(a, w, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
              GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        y = tl.load(w + rn[None, :] * K + (k0 + rk)[:, None],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    _store_c(c, acc, M, N, pm, pn, BM, BN)


@triton.jit
def mm_nk_bp(a, w, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
             GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    a_bp = tl.make_block_ptr(a, (M, K), (K, 1), (pm * BM, 0), (BM, BK), (1, 0))
    w_bp = tl.make_block_ptr(w, (K, N), (1, K), (0, pn * BN), (BK, BN), (0, 1))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        x = tl.load(a_bp, boundary_check=(0, 1), padding_option="zero")
        y = tl.load(w_bp, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(x, y, acc)
        a_bp = tl.advance(a_bp, (0, BK))
        w_bp = tl.advance(w_bp, (BK, 0))
    _store_c(c, acc, M, N, pm, pn, BM, BN)


@triton.jit
def mm_w8_trans(a, w, scale, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr, GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        wq = tl.load(w + rn[:, None] * K + (k0 + rk)[None, :],
                     mask=(rn[:, None] < N) & ((k0 + rk)[None, :] < K), other=0)
        acc = tl.dot(x, tl.trans(wq.to(x.dtype)), acc)
    s = tl.load(scale + rn, mask=rn < N, other=0.0)
    _store_c(c, acc * s[None, :], M, N, pm, pn, BM, BN)


@triton.jit
def mm_w8_ptr(a, w, scale, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
              BK: tl.constexpr, GROUP_M: tl.constexpr):
    pm, pn = _tile_ids(M, N, BM, BN, GROUP_M)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        wq = tl.load(w + rn[None, :] * K + (k0 + rk)[:, None],
                     mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(x, wq.to(x.dtype), acc)
    s = tl.load(scale + rn, mask=rn < N, other=0.0)
    _store_c(c, acc * s[None, :], M, N, pm, pn, BM, BN)


@triton.jit
def _online_softmax_step(s, m_i, l_i, acc, v, rows, cols, N_CTX, qk_scale,
                         CAUSAL: tl.constexpr):
    s = s * qk_scale
    keep = cols[None, :] < N_CTX
    if CAUSAL:
        keep = keep & (cols[None, :] <= rows[:, None])
    s = tl.where(keep, s, float("-inf"))
    m_new = tl.maximum(m_i, tl.max(s, axis=1))
    alpha = tl.math.exp2(m_i - m_new)
    p = tl.math.exp2(s - m_new[:, None])
    l_i = l_i * alpha + tl.sum(p, axis=1)
    acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
    return m_new, l_i, acc


@triton.jit
def attn_trans(q_ptr, k_ptr, v_ptr, o_ptr, N_CTX, stride_h, stride_n, sm_scale,
               D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
               CAUSAL: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    base = tl.program_id(1) * stride_h
    q = tl.load(q_ptr + base + rows[:, None] * stride_n + dims[None, :],
                mask=rows[:, None] < N_CTX, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    hi = tl.minimum((tl.program_id(0) + 1) * BLOCK_M, N_CTX) if CAUSAL else N_CTX
    for start in range(0, hi, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + cols[:, None] * stride_n + dims[None, :],
                    mask=cols[:, None] < N_CTX, other=0.0)
        v = tl.load(v_ptr + base + cols[:, None] * stride_n + dims[None, :],
                    mask=cols[:, None] < N_CTX, other=0.0)
        m_i, l_i, acc = _online_softmax_step(tl.dot(q, tl.trans(k)), m_i, l_i, acc, v, rows,
                                             cols, N_CTX, sm_scale * 1.4426950408889634, CAUSAL)
    tl.store(o_ptr + base + rows[:, None] * stride_n + dims[None, :], acc / l_i[:, None],
             mask=rows[:, None] < N_CTX)


@triton.jit
def attn_kt_ptr(q_ptr, k_ptr, v_ptr, o_ptr, N_CTX, stride_h, stride_n, sm_scale,
                D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                CAUSAL: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    base = tl.program_id(1) * stride_h
    q = tl.load(q_ptr + base + rows[:, None] * stride_n + dims[None, :],
                mask=rows[:, None] < N_CTX, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    hi = tl.minimum((tl.program_id(0) + 1) * BLOCK_M, N_CTX) if CAUSAL else N_CTX
    for start in range(0, hi, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        kt = tl.load(k_ptr + base + cols[None, :] * stride_n + dims[:, None],
                     mask=cols[None, :] < N_CTX, other=0.0)
        v = tl.load(v_ptr + base + cols[:, None] * stride_n + dims[None, :],
                    mask=cols[:, None] < N_CTX, other=0.0)
        m_i, l_i, acc = _online_softmax_step(tl.dot(q, kt), m_i, l_i, acc, v, rows, cols,
                                             N_CTX, sm_scale * 1.4426950408889634, CAUSAL)
    tl.store(o_ptr + base + rows[:, None] * stride_n + dims[None, :], acc / l_i[:, None],
             mask=rows[:, None] < N_CTX)


@triton.jit
def attn_bp(q_ptr, k_ptr, v_ptr, o_ptr, N_CTX, stride_h, stride_n, sm_scale,
            D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
            CAUSAL: tl.constexpr):
    start_m = tl.program_id(0) * BLOCK_M
    base = tl.program_id(1) * stride_h
    q_bp = tl.make_block_ptr(q_ptr + base, (N_CTX, D), (stride_n, 1), (start_m, 0),
                             (BLOCK_M, D), (1, 0))
    kt_bp = tl.make_block_ptr(k_ptr + base, (D, N_CTX), (1, stride_n), (0, 0),
                              (D, BLOCK_N), (0, 1))
    v_bp = tl.make_block_ptr(v_ptr + base, (N_CTX, D), (stride_n, 1), (0, 0),
                             (BLOCK_N, D), (1, 0))
    rows = start_m + tl.arange(0, BLOCK_M)
    q = tl.load(q_bp, boundary_check=(0, ), padding_option="zero")
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    hi = tl.minimum(start_m + BLOCK_M, N_CTX) if CAUSAL else N_CTX
    for start in range(0, hi, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        kt = tl.load(kt_bp, boundary_check=(1, ), padding_option="zero")
        v = tl.load(v_bp, boundary_check=(0, ), padding_option="zero")
        m_i, l_i, acc = _online_softmax_step(tl.dot(q, kt), m_i, l_i, acc, v, rows, cols,
                                             N_CTX, sm_scale * 1.4426950408889634, CAUSAL)
        kt_bp = tl.advance(kt_bp, (0, BLOCK_N))
        v_bp = tl.advance(v_bp, (BLOCK_N, 0))
    o_bp = tl.make_block_ptr(o_ptr + base, (N_CTX, D), (stride_n, 1), (start_m, 0),
                             (BLOCK_M, D), (1, 0))
    tl.store(o_bp, (acc / l_i[:, None]).to(o_ptr.dtype.element_ty), boundary_check=(0, ))
