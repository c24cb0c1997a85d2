"""tl.dot_scaled: a K loop of microscaled matrix products with masked M, N and K tails.

FMT_A / FMT_B pick the operand formats by number (case signatures hold only int, float and bool
constexprs): 0 "e2m1" (two fp4 values per uint8 byte along K, low nibble first), 1 "e4m3",
2 "e5m2", 3 "bf16", 4 "fp16". SCALE_A / SCALE_B: whether the operand has uint8 e8m0 scales,
one per 32 K elements, laid out [M, K // 32] and [N, K // 32] (the other pointer is not read).
COL_A / COL_B: the operand is stored column-major (lda / ldb: its leading dimension, in elements
of the stored type; the unit stride is implicit, since Triton would specialise a stride of 1).
"""
import triton
import triton.language as tl


@triton.jit
def mx_matmul_kernel(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, M, N, K, lda, ldb, FMT_A: tl.constexpr,
                     FMT_B: tl.constexpr, SCALE_A: tl.constexpr, SCALE_B: tl.constexpr,
                     COL_A: tl.constexpr, COL_B: tl.constexpr, FAST: tl.constexpr,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    fmt_a: tl.constexpr = "e2m1" if FMT_A == 0 else ("e4m3" if FMT_A == 1 else (
        "e5m2" if FMT_A == 2 else ("bf16" if FMT_A == 3 else "fp16")))
    fmt_b: tl.constexpr = "e2m1" if FMT_B == 0 else ("e4m3" if FMT_B == 1 else (
        "e5m2" if FMT_B == 2 else ("bf16" if FMT_B == 3 else "fp16")))
    PACK_A: tl.constexpr = 2 if FMT_A == 0 else 1
    PACK_B: tl.constexpr = 2 if FMT_B == 0 else 1
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ka = k0 // PACK_A + tl.arange(0, BLOCK_K // PACK_A)
        kb = k0 // PACK_B + tl.arange(0, BLOCK_K // PACK_B)
        if COL_A:
            a_off = rm[:, None] + ka[None, :] * lda
        else:
            a_off = rm[:, None] * lda + ka[None, :]
        if COL_B:
            b_off = kb[:, None] + rn[None, :] * ldb
        else:
            b_off = kb[:, None] * ldb + rn[None, :]
        a = tl.load(a_ptr + a_off,
                    mask=(rm[:, None] < M) & (ka[None, :] < K // PACK_A), other=0.0)
        b = tl.load(b_ptr + b_off,
                    mask=(kb[:, None] < K // PACK_B) & (rn[None, :] < N), other=0.0)
        ks = k0 // 32 + tl.arange(0, BLOCK_K // 32)
        sa = None
        if SCALE_A:
            sa = tl.load(sa_ptr + rm[:, None] * (K // 32) + ks[None, :],
                         mask=(rm[:, None] < M) & (ks[None, :] < K // 32), other=127)
        sb = None
        if SCALE_B:
            sb = tl.load(sb_ptr + rn[:, None] * (K // 32) + ks[None, :],
                         mask=(rn[:, None] < N) & (ks[None, :] < K // 32), other=127)
        acc = tl.dot_scaled(a, sa, fmt_a, b, sb, fmt_b, acc, fast_math=FAST)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mx_bmm_kernel(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, BATCH: tl.constexpr, M: tl.constexpr,
                  N: tl.constexpr, K: tl.constexpr, KPACK_A: tl.constexpr, KPACK_B: tl.constexpr):
    # One program, e2m1 x e2m1 with both scales, BATCH products at once when BATCH > 1 (3-D
    # operands). The lhs bytes are [BATCH, M, K // 2] (KPACK_A) or [BATCH, M // 2, K] (two rows
    # per byte, lhs_k_pack=False); the rhs bytes [BATCH, K // 2, N] or [BATCH, K, N // 2]; scales
    # [BATCH, M, K // 32] and [BATCH, N, K // 32]; all contiguous.
    AM: tl.constexpr = M if KPACK_A else M // 2
    AK: tl.constexpr = K // 2 if KPACK_A else K
    BK: tl.constexpr = K // 2 if KPACK_B else K
    BN: tl.constexpr = N if KPACK_B else N // 2
    SK: tl.constexpr = K // 32
    if BATCH > 1:
        rb = tl.arange(0, BATCH)[:, None, None]
        a = tl.load(a_ptr + rb * (AM * AK) + tl.arange(0, AM)[None, :, None] * AK +
                    tl.arange(0, AK)[None, None, :])
        b = tl.load(b_ptr + rb * (BK * BN) + tl.arange(0, BK)[None, :, None] * BN +
                    tl.arange(0, BN)[None, None, :])
        sa = tl.load(sa_ptr + rb * (M * SK) + tl.arange(0, M)[None, :, None] * SK +
                     tl.arange(0, SK)[None, None, :])
        sb = tl.load(sb_ptr + rb * (N * SK) + tl.arange(0, N)[None, :, None] * SK +
                     tl.arange(0, SK)[None, None, :])
        c = tl.dot_scaled(a, sa, "e2m1", b, sb, "e2m1", lhs_k_pack=KPACK_A, rhs_k_pack=KPACK_B)
        tl.store(c_ptr + rb * (M * N) + tl.arange(0, M)[None, :, None] * N +
                 tl.arange(0, N)[None, None, :], c)
    else:
        a = tl.load(a_ptr + tl.arange(0, AM)[:, None] * AK + tl.arange(0, AK)[None, :])
        b = tl.load(b_ptr + tl.arange(0, BK)[:, None] * BN + tl.arange(0, BN)[None, :])
        sa = tl.load(sa_ptr + tl.arange(0, M)[:, None] * SK + tl.arange(0, SK)[None, :])
        sb = tl.load(sb_ptr + tl.arange(0, N)[:, None] * SK + tl.arange(0, SK)[None, :])
        c = tl.dot_scaled(a, sa, "e2m1", b, sb, "e2m1", lhs_k_pack=KPACK_A, rhs_k_pack=KPACK_B)
        tl.store(c_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], c)
