# tritonc: -n k -s "*fp32, *fp32, 16"
# tl.maximum of two pointer tensors (Triton: invalid operands)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(tl.maximum(out_ptr + offs, x_ptr + offs), x)
