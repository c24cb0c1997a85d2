# tritonc: -n reshape11_kernel -s "*fp32, *fp32" -g "1, 1, 1"
# Triton allows any rank; tritonc allows 10 dimensions and names the limit where a tile passes it.
import triton
import triton.language as tl


@triton.jit
def reshape11_kernel(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 2048)).reshape(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
    tl.store(out_ptr + tl.arange(0, 2048), x.reshape(2048))
