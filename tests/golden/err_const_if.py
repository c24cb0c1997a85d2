# tritonc: -n pick_kernel -s "*fp32, *fp32, i32" -g "1, 1, 1"
# A runtime if giving a name a tl.const pointer in one branch and a plain one in the other.
import triton
import triton.language as tl


@triton.jit
def pick_kernel(in_ptr: tl.const, out_ptr, choose):
    offs = tl.arange(0, 64)
    if choose:
        p = in_ptr
    else:
        p = out_ptr
    tl.store(out_ptr + offs, tl.load(p + offs))
