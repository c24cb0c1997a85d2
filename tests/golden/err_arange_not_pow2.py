# tritonc: -n copy_kernel -s "*fp32, *fp32, i32" -g "cdiv(n, 100), 1, 1"
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, out_ptr, n):
    offs = tl.program_id(0) * 100 + tl.arange(0, 100)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x, mask=mask)
