# tritonc: -n k -s "tensordesc<fp16[64, 64],NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2)>, 64"
import triton
import triton.language as tl


@triton.jit
def k(x_desc, B: tl.constexpr):
    x_desc.store([0, 0], x_desc.load([0, 0]) * 2)
