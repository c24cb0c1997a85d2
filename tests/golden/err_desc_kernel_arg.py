# tritonc: -n k -s "tensordesc<fp32[16, 32]>, 16, 32"
import triton
import triton.language as tl


@triton.jit
def k(x_desc, BM: tl.constexpr, BN: tl.constexpr):
    x = x_desc.load([0, 0])
    x_desc.store([0, 0], x + 1)
