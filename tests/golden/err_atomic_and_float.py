# tritonc: -n k -s "*fp32, fp32, 64"
import triton
import triton.language as tl


@triton.jit
def k(p, x, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_and(p + offs, x)
