# tritonc: -n k -s "*i32, *i32, i32, i32, 64, 16" -g "1, 1, 1"
# Shifts whose count may reach the width: a runtime count and a constexpr 64 go through
# tc_shl_i32 / tc_shr_i32, which clamp the count as the GPU's shl / shr do (a raw C shift by
# 64 is undefined, -Wshift-count-overflow); a constant count below the width stays a plain shift.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, c, S: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = (n >> S) + (n << S) + (n >> c) + (n << c) + (n >> 3)
    u = n.to(tl.uint32) >> c
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) + m + u.to(tl.int32))
