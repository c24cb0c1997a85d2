# tritonc: -n k -s "*i32, i32, i32, 16, 32"
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    bp = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    x = tl.load(bp, boundary_check=(0, 1), padding_option="nan")
