"""The matmul example (examples/matmul.py) under @triton.autotune: three tile shapes, keyed on
the problem size. `tritonc --all-configs` translates every config and a dispatcher; `make tune`
records which config is fastest at a few sizes on this machine (bench/tune.sh) and bakes that
table into the dispatcher with --tuning."""
import triton
import triton.language as tl

from matmul import matmul_kernel


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_M': 128, 'BLOCK_N': 128, 'BLOCK_K': 32}, num_warps=8),
        triton.Config({'BLOCK_M': 64, 'BLOCK_N': 64, 'BLOCK_K': 32}, num_warps=4),
        triton.Config({'BLOCK_M': 32, 'BLOCK_N': 128, 'BLOCK_K': 64}, num_warps=4),
    ],
    key=['M', 'N', 'K'],
)
@triton.jit
def matmul_tuned_kernel(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc, BLOCK_M, BLOCK_N, BLOCK_K, 8, False)
