# tritonc: -n k -s "*fp32, *fp32, 16"
# tl.sum of pointers (Triton: cannot add pointers together); the C once did not compile
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    p = tl.sum(x_ptr + offs)
    tl.store(p, 1)
