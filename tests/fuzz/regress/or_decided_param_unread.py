# tritonc: -n k -s "*i32, i32, 16" -g "1, 1, 1"
# `a or s` with a decided true (a nonzero constant tile): the C never reads the scalar argument s,
# which the IR still uses, so the program's parameter was unused (-Werror=unused-parameter).
# Found by the sweep.
import triton
import triton.language as tl


@triton.jit
def k(out_ptr, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.full([BLOCK], 3, tl.int32)
    r = a or s
    tl.store(out_ptr + offs, r)
