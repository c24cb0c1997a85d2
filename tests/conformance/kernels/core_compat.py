"""Keyword arguments and forms Triton's own test_core.py uses: argmax/argmin tie_break_left=,
tl.cat can_reorder=. Outputs are chosen to be the same for every answer Triton allows
(tie_break_left=False may return any index of an extreme: its value is stored; can_reorder=True
may permute the concatenation: its sum and maximum are stored)."""
import triton
import triton.language as tl


@triton.jit
def argext_tiebreak_kernel(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + 0, tl.argmax(x, axis=0, tie_break_left=True))
    tl.store(out_ptr + 1, tl.argmin(x, 0, True))
    tl.store(out_ptr + 2, tl.load(x_ptr + tl.argmax(x, axis=0, tie_break_left=False)))
    tl.store(out_ptr + 3, tl.load(x_ptr + tl.argmin(x, axis=0, tie_break_left=False)))
    z = tl.cat(x, y, can_reorder=True)
    tl.store(out_ptr + 4, tl.sum(z, axis=0))
    tl.store(out_ptr + 5, tl.max(z, axis=0))
