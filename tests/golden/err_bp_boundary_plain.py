# tritonc: -n k -s "*fp32, i32, i32, 16, 32"
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BM), boundary_check=(0,))
