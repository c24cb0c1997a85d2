# tritonc: -n copy_kernel -s "*fp32, *fp32, i32" -g "1, 1, 1"
# A store through a tl.const pointer (or one computed from it) is an error, worded as Triton's.
import triton
import triton.language as tl


@triton.jit
def copy_kernel(in_ptr: tl.const, out_ptr, n):
    offs = tl.arange(0, 64)
    x = tl.load(in_ptr + offs, mask=offs < n)
    tl.store(in_ptr + offs, x * 2, mask=offs < n)
