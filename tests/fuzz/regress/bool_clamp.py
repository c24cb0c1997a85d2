# tritonc: -n k -s "*i1, *i1, 16" -g "1, 1, 1"
# tl.clamp / tl.maximum / tl.minimum of bool tiles with True: `a > true` is gcc's
# -Wbool-compare ("comparison of constant '1' with boolean expression is always false"); min /
# max of bools are and / or. Found by the sweep.
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    r = tl.clamp(a, True, True) | tl.minimum(a, False) | tl.maximum(a, True)
    tl.store(out_ptr + offs, r)
