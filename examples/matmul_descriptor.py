"""Persistent matrix product C = A @ B through host-side tensor descriptors (Triton 3.x's TMA style).

The caller wraps each matrix in a TensorDescriptor (triton.tools.tensor_descriptor): the tensor,
its shape and strides, and the block one load or store moves (Triton wants a 16-byte aligned base
and rows of 16-byte multiples, the constraints of the GPU's TMA unit). The kernel never sees a pointer or
a stride: `desc.load([row, col])` reads one block (elements past the matrix's edge read zero) and
`desc.store` writes one (elements past the edge are dropped), so the K loop and the edge tiles
need no masks. The grid is persistent: NUM_PROGRAMS programs walk the output tiles in grouped
order, each taking every NUM_PROGRAMS-th tile.
"""
import triton
import triton.language as tl


@triton.jit
def matmul_desc_kernel(a_desc, b_desc, c_desc, M, N, K, NUM_PROGRAMS,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                       GROUP_SIZE_M: tl.constexpr):
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    k_steps = tl.cdiv(K, BLOCK_K)
    per_group = GROUP_SIZE_M * tiles_n
    for tile in range(tl.program_id(0), tiles_m * tiles_n, NUM_PROGRAMS):
        group_first_row = (tile // per_group) * GROUP_SIZE_M
        rows_in_group = tl.minimum(tiles_m - group_first_row, GROUP_SIZE_M)
        row = (group_first_row + (tile % per_group) % rows_in_group) * BLOCK_M
        col = ((tile % per_group) // rows_in_group) * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ks in range(k_steps):
            a = a_desc.load([row, ks * BLOCK_K])
            b = b_desc.load([ks * BLOCK_K, col])
            acc = tl.dot(a, b, acc)
        c_desc.store([row, col], acc.to(c_desc.dtype))


def matmul(a, b, c, block=(64, 64, 32), programs=None):
    """c = a @ b with a persistent grid of `programs` programs (default: one per output tile)."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    (M, K), (_, N) = a.shape, b.shape
    bm, bn, bk = block
    tiles = triton.cdiv(M, bm) * triton.cdiv(N, bn)
    programs = min(programs or tiles, tiles)
    a_desc = TensorDescriptor.from_tensor(a, [bm, bk])
    b_desc = TensorDescriptor.from_tensor(b, [bk, bn])
    c_desc = TensorDescriptor.from_tensor(c, [bm, bn])
    matmul_desc_kernel[(programs, )](a_desc, b_desc, c_desc, M, N, K, programs,
                                     BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_SIZE_M=8)
    return c


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    M, N, K = 300, 264, 200  # rows of 16-byte multiples, as tensor descriptors require
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    matmul(a, b, c, programs=16)
    print("max error", (c.float() - a.float() @ b.float()).abs().max().item())
