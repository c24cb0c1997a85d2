"""Matrix product C = A @ B with block pointers: row-major A [M, K], B [K, N], C [M, N].

The same grouped-ordering matmul as matmul.py, written with tl.make_block_ptr: each operand is
a block pointer into its matrix that the K loop moves with tl.advance, and the loads check both
dimensions (boundary_check=(0, 1)), so the partial tiles at the right and bottom edges and the
last K step read zeros instead of needing masks. The store checks the same way and converts the
fp32 accumulator to C's element type.
"""
import triton
import triton.language as tl


@triton.jit
def matmul_bp_kernel(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                     GROUP_SIZE_M: tl.constexpr):
    # program id -> (tile row, tile column), GROUP_SIZE_M tile rows at a time
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_SIZE_M * tiles_n
    group_first_row = (pid // per_group) * GROUP_SIZE_M
    rows_in_group = tl.minimum(tiles_m - group_first_row, GROUP_SIZE_M)
    tile_m = group_first_row + (pid % per_group) % rows_in_group
    tile_n = (pid % per_group) // rows_in_group

    a_block = tl.make_block_ptr(base=a_ptr, shape=(M, K), strides=(lda, 1),
                                offsets=(tile_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_K),
                                order=(1, 0))
    b_block = tl.make_block_ptr(base=b_ptr, shape=(K, N), strides=(ldb, 1),
                                offsets=(0, tile_n * BLOCK_N), block_shape=(BLOCK_K, BLOCK_N),
                                order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_block, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_block, boundary_check=(0, 1), padding_option="zero")
        acc += tl.dot(a, b)
        a_block = tl.advance(a_block, (0, BLOCK_K))
        b_block = tl.advance(b_block, (BLOCK_K, 0))

    c_block = tl.make_block_ptr(base=c_ptr, shape=(M, N), strides=(ldc, 1),
                                offsets=(tile_m * BLOCK_M, tile_n * BLOCK_N),
                                block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_block, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    M, N, K = 257, 257, 257
    a = torch.randn(M, K, device="cuda")
    b = torch.randn(K, N, device="cuda")
    c = torch.empty(M, N, device="cuda")
    grid = (triton.cdiv(M, 64) * triton.cdiv(N, 64),)
    matmul_bp_kernel[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0),
                           BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, GROUP_SIZE_M=8)
    print("max error", (c - a @ b).abs().max().item())
