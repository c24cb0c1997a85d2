# tritonc: -n mm_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, 64, 64, 32" -g "cdiv(M, 64) * cdiv(N, 64), 1, 1" --target cuda -w 4 -ns 3
# A pipelined fp32 matmul at Triton's default precision (tf32) on the CUDA target: a and b
# stream by cp.async into a ring of 3 stages, a in swizzled K-major rows read by ldmatrix, b
# [K, N] as it comes, in rows padded to N + 8 floats, read by 32-bit fragment loads (tc_b32:
# the rows k + t and columns n + g of a warp's lanes fall in 32 banks); mma.sync m16n8k8.
import triton
import triton.language as tl


@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid = tl.program_id(0)
    tiles_n = tl.cdiv(N, BN)
    rm = (pid // tiles_n) * BM + tl.arange(0, BM)
    rn = (pid % tiles_n) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :], mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :], mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))
