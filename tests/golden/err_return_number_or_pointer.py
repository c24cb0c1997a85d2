# tritonc: -n pick_kernel -s "1.5, *fp32:8, i32" -g "1, 1, 1"
# A helper returning a number on one runtime path and a pointer on the other: Triton refuses
# the mismatch; tritonc once made a pointer of the number.
import triton
import triton.language as tl


@triton.jit
def pick(a, b, choose_b):
    if choose_b:
        return b
    else:
        return a


@triton.jit
def pick_kernel(in_ptr, out_ptr, choose):
    offs = tl.arange(0, 64)
    p = pick(out_ptr, in_ptr, choose)
    tl.store(out_ptr + offs, tl.load(p + offs))
