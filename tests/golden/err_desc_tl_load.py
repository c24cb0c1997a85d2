# tritonc: -n k -s "*fp32, i32, i32, 16, 32"
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BM, BN])
    x = tl.load(d)
