# tritonc: -n k -s "*i32, i32, 16" -g "1, 1, 1"
# tl.maximum / tl.minimum / tl.clamp of a value with itself is the value: decided in sema, so
# the C holds no self-comparison (n > n drew -Wtautological-compare)
import triton
import triton.language as tl


@triton.jit
def k(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr, tl.maximum(n, n))
    tl.store(out_ptr + 1, tl.minimum(n, n, propagate_nan=tl.PropagateNan.ALL))
    xf = offs.to(tl.float32)
    tl.store(out_ptr + 2 + offs, tl.clamp(xf, xf, xf + n).to(tl.int32))
