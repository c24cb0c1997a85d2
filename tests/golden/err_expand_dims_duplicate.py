# tritonc: -n expand_kernel -s "*i32, 32" -g "1, 1, 1"
# (0, -3) against a rank-3 result normalises to (0, 0): duplicate axes, worded as Triton's.
import triton
import triton.language as tl


@triton.jit
def expand_kernel(out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    t = tl.expand_dims(offs, (0, -3))
    tl.store(out_ptr + offs, tl.sum(tl.sum(t, axis=0), axis=0))
