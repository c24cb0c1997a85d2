# tritonc: -n copy_kernel -s "*fp32, *fp32, i32" -g "1, 1, 1"
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, out_ptr, n):
    offs = tl.arange(0, n)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x)
