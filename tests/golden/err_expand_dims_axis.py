# tritonc: -n expand_kernel -s "*i32, 32" -g "1, 1, 1"
# An axis is normalised against the result's rank (here 2): -3 is out of range. Worded as
# Triton's "invalid axis -3. Expected -2 <= axis < 2".
import triton
import triton.language as tl


@triton.jit
def expand_kernel(out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    t = tl.expand_dims(offs, -3)
    tl.store(out_ptr + tl.arange(0, 1)[:, None] * N + offs[None, :], t)
