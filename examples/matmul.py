"""Matrix product C = epilogue(A @ B) with tl.dot: row-major A [M, K], B [K, N], C [M, N].

One program computes a BLOCK_M x BLOCK_N tile of C. Programs are numbered so that GROUP_SIZE_M
row-tiles in a row share the same column-tiles of B while they run (grouped ordering: B's tiles
stay in cache). The K loop walks both operands by advancing pointer tiles; the last K step masks
the columns of A and the rows of B beyond K (their products are then zeros). The epilogue runs
on the fp32 accumulator before the store converts to C's element type.
"""
import triton
import triton.language as tl


@triton.jit
def leaky_relu(x, slope: tl.constexpr):
    return tl.where(x > 0, x, x * slope)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                  GROUP_SIZE_M: tl.constexpr, LEAKY: tl.constexpr):
    # program id -> (tile row, tile column), GROUP_SIZE_M tile rows at a time
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_SIZE_M * tiles_n
    group_first_row = (pid // per_group) * GROUP_SIZE_M
    rows_in_group = tl.minimum(tiles_m - group_first_row, GROUP_SIZE_M)
    tile_m = group_first_row + (pid % per_group) % rows_in_group
    tile_n = (pid % per_group) // rows_in_group

    rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    row_ok = rows < M
    col_ok = cols < N
    a_tile = a_ptr + rows[:, None] * lda + ks[None, :]
    b_tile = b_ptr + ks[:, None] * ldb + cols[None, :]

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k_left = K - k0
        a = tl.load(a_tile, mask=row_ok[:, None] & (ks[None, :] < k_left), other=0.0)
        b = tl.load(b_tile, mask=(ks[:, None] < k_left) & col_ok[None, :], other=0.0)
        acc += tl.dot(a, b)
        a_tile += BLOCK_K
        b_tile += BLOCK_K * ldb

    if LEAKY:
        acc = leaky_relu(acc, 0.01)
    c_tile = c_ptr + rows[:, None] * ldc + cols[None, :]
    tl.store(c_tile, acc, mask=row_ok[:, None] & col_ok[None, :])


@triton.jit
def matmul_bt_kernel(a_ptr, bt_ptr, c_ptr, M, N, K, lda, ldbt, ldc,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """C = A @ Bt.T with Bt stored [N, K] (a linear layer's weight): tl.trans of the loaded tile,
    the accumulator passed to tl.dot."""
    tile_m = tl.program_id(0)
    tile_n = tl.program_id(1)
    rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + ks
        a = tl.load(a_ptr + rows[:, None] * lda + kk[None, :],
                    mask=(rows[:, None] < M) & (kk[None, :] < K), other=0.0)
        bt = tl.load(bt_ptr + cols[:, None] * ldbt + kk[None, :],
                     mask=(cols[:, None] < N) & (kk[None, :] < K), other=0.0)
        acc = tl.dot(a, tl.trans(bt), acc)
    tl.store(c_ptr + rows[:, None] * ldc + cols[None, :], acc,
             mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def matmul_i8_kernel(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """int8 x int8 -> int32 with an int32 accumulator (tl.dot: Triton 3.6 rejects `@` in kernels)."""
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + ks
        a = tl.load(a_ptr + rows[:, None] * lda + kk[None, :],
                    mask=(rows[:, None] < M) & (kk[None, :] < K), other=0)
        b = tl.load(b_ptr + kk[:, None] * ldb + cols[None, :],
                    mask=(kk[:, None] < K) & (cols[None, :] < N), other=0)
        prod = tl.dot(a, b)  # Triton 3.6 rejects `a @ b` in a kernel (no __name__ on ast.MatMult)
        acc += prod
    tl.store(c_ptr + rows[:, None] * ldc + cols[None, :], acc,
             mask=(rows[:, None] < M) & (cols[None, :] < N))


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    M, N, K = 1000, 333, 77
    a = torch.randn(M, K, device="cuda")
    b = torch.randn(K, N, device="cuda")
    c = torch.empty(M, N, device="cuda")
    grid = (triton.cdiv(M, 64) * triton.cdiv(N, 64),)
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0),
                        BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, GROUP_SIZE_M=8, LEAKY=True)
    ref = torch.nn.functional.leaky_relu(a @ b, 0.01)
    print("max error", (c - ref).abs().max().item())
