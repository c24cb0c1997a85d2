# tritonc: --target cuda -n k -s "*i32, *i32, i32, i32, 64, 16" -g "1, 1, 1"
# Shifts whose count may reach the width, as CUDA: a runtime count and a constexpr 64 go through
# tc_shl / tc_shr / tc_shru, which clamp the count as PTX's shl / shr do (a raw shift by 64 is
# undefined, nvcc warning #63-D); a constant count below the width stays a plain shift.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, c, S: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = (n >> S) + (n << S) + (n >> c) + (n << c) + (n >> 3)
    u = n.to(tl.uint32) >> c
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) + m + u.to(tl.int32))
