# tritonc: -n pick_kernel -s "*fp32, *fp32, i32" -g "1, 1, 1"
# A helper returning a tl.const pointer on one runtime path and a plain one on the other.
import triton
import triton.language as tl


@triton.jit
def pick(a, b, choose_b):
    if choose_b:
        return b
    else:
        return a


@triton.jit
def pick_kernel(in_ptr: tl.const, out_ptr, choose):
    offs = tl.arange(0, 64)
    p = pick(out_ptr, in_ptr, choose)
    tl.store(out_ptr + offs, tl.load(p + offs))
