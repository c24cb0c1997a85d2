"""Batched matrix product C[z] = A[z] @ B[z], z = 0..B-1, each matrix row-major with its own
batch and row strides.

Two ways to write it: one program per (output tile, batch) with 2-D tiles (bmm_kernel), and one
program per output tile covering BLOCK_B batches at once with 3-D tiles [BLOCK_B, M, K] x
[BLOCK_B, K, N] (bmm3d_kernel), which is tl.dot's batched form.
"""
import triton
import triton.language as tl


@triton.jit
def bmm_kernel(a_ptr, b_ptr, c_ptr, B, M, N, K,
               stride_ab, stride_am, stride_bb, stride_bk, stride_cb, stride_cm,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tile_m = tl.program_id(0)
    tile_n = tl.program_id(1)
    z = tl.program_id(2)
    rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_base = a_ptr + z * stride_ab
    b_base = b_ptr + z * stride_bb
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + ks
        a = tl.load(a_base + rows[:, None] * stride_am + kk[None, :],
                    mask=(rows[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_base + kk[:, None] * stride_bk + cols[None, :],
                    mask=(kk[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    c = c_ptr + z * stride_cb + rows[:, None] * stride_cm + cols[None, :]
    tl.store(c, acc, mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def bmm3d_kernel(a_ptr, b_ptr, c_ptr, B, M, N, K,
                 stride_ab, stride_am, stride_bb, stride_bk, stride_cb, stride_cm,
                 BLOCK_B: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 BLOCK_K: tl.constexpr):
    zs = tl.program_id(2) * BLOCK_B + tl.arange(0, BLOCK_B)
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    z3 = zs[:, None, None]
    acc = tl.zeros((BLOCK_B, BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + ks
        a = tl.load(a_ptr + z3 * stride_ab + rows[None, :, None] * stride_am + kk[None, None, :],
                    mask=(z3 < B) & (rows[None, :, None] < M) & (kk[None, None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + z3 * stride_bb + kk[None, :, None] * stride_bk + cols[None, None, :],
                    mask=(z3 < B) & (kk[None, :, None] < K) & (cols[None, None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc=acc)
    c = c_ptr + z3 * stride_cb + rows[None, :, None] * stride_cm + cols[None, None, :]
    tl.store(c, acc, mask=(z3 < B) & (rows[None, :, None] < M) & (cols[None, None, :] < N))


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    B, M, N, K = 3, 100, 70, 50
    a = torch.randn(B, M, K, device="cuda")
    b = torch.randn(B, K, N, device="cuda")
    c = torch.empty(B, M, N, device="cuda")
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32), B)
    bmm_kernel[grid](a, b, c, B, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                     c.stride(0), c.stride(1), BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
    print("max error", (c - a @ b).abs().max().item())
