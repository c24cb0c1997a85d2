# tritonc: -n k -s "*fp32, *fp32, 16"
# tl.cumsum of pointers (Triton: cannot add pointers together); the C once did not compile
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(tl.cumsum(out_ptr + offs, 0), 1.0)
