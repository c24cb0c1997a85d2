# tritonc: -n k -s "*i1, *i1, i1, 16" -g "1, 1, 1"
# A bool widened to an integer and compared with a constant it cannot reach: gcc's -Wtype-limits
# sees through (int32_t)b ("comparison is always false"); and a scalar's min / max with itself,
# -Wtautological-compare ("self-comparison always evaluates to false"). Found by the sweep.
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, out_ptr, sa, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    r = tl.maximum(a, 3) + tl.minimum(sa, 2147483648)
    c = tl.clamp(sa, sa, sa)
    tl.store(out_ptr + offs, r + c)
