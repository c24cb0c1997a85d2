# tritonc: --target cuda -n k -s "*fp32, *fp32, 16"
# tl.max over a tensor of pointers (Triton refuses it); the CUDA emitter once read past its type table
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(tl.max(out_ptr + offs, 0), 1.0)
