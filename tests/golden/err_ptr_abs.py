# tritonc: -n k -s "*fp32, *fp32, 16"
# tl.abs of a pointer (Triton: unexpected dtype); the C once did not compile
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(tl.abs(out_ptr) + offs, x)
