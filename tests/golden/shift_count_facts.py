# tritonc: -n k -s "*i32, *i32, i32, 16" -g "1, 1, 1"
# A shift count is a plain C shift when the axis facts know it lies below the width, whatever
# its spelling: `s` is a named value the facts know to be 3 (pid * 0 + 3), so `n >> s` is a plain
# shift; `n << t`, whose count the facts leave open, goes through tc_shl_i32.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    s = pid * 0 + 3
    t = tl.minimum(tl.maximum(n, 2), 2)
    m = (n >> s) + (n << t)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) + m)
