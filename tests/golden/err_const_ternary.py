# tritonc: -n pick_kernel -s "*fp32, *fp32, i32" -g "1, 1, 1"
# A runtime conditional expression between a tl.const pointer and a plain one: Triton's error.
import triton
import triton.language as tl


@triton.jit
def pick_kernel(in_ptr: tl.const, out_ptr, choose):
    offs = tl.arange(0, 64)
    p = in_ptr if choose else out_ptr
    tl.store(out_ptr + offs, tl.load(p + offs))
