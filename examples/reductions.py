"""Row sums and column sums of a 2D matrix."""
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Each program reduces BLOCK_M rows, walking over the columns in BLOCK_N chunks.
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros([BLOCK_M], dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask, other=0.0)
        acc += tl.sum(x, axis=1)
    tl.store(out_ptr + rows, acc, mask=rows < M)


@triton.jit
def col_sum_kernel(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Each program reduces BLOCK_N columns, walking down the rows in BLOCK_M chunks.
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros([BLOCK_N], dtype=tl.float32)
    for start in range(0, M, BLOCK_M):
        rows = start + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask, other=0.0)
        acc += tl.sum(x, axis=0)
    tl.store(out_ptr + cols, acc, mask=cols < N)


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    M, N = 333, 777
    x = torch.randn(M, N, device='cuda')
    rs = torch.empty(M, device='cuda')
    cs = torch.empty(N, device='cuda')
    row_sum_kernel[(triton.cdiv(M, 16), )](x, rs, M, N, x.stride(0), BLOCK_M=16, BLOCK_N=128)
    col_sum_kernel[(triton.cdiv(N, 64), )](x, cs, M, N, x.stride(0), BLOCK_M=32, BLOCK_N=64)
    print("row max abs error:", (rs - x.sum(1)).abs().max().item())
    print("col max abs error:", (cs - x.sum(0)).abs().max().item())
