# tritonc: -I tests/golden/mods -n shift_kernel -s "*fp32, 16" -g "1, 1, 1"
# BACKEND (another module's global set by a host helper) decides an `if` tritonc cannot
# evaluate; OFFSET is bound alike by both branches, so it is fine, and SCALE, bound after
# BACKEND in that module, is still found (the failed attempt on BACKEND once left that
# module's names cut short before it: "module 'host_flags' has no attribute 'SCALE'").
import triton
import triton.language as tl

from host_flags import BACKEND, SCALE

if BACKEND == "xpu":
    OFFSET = 1.0
else:
    OFFSET = 1.0


@triton.jit
def shift_kernel(y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(y_ptr + offs) * SCALE + OFFSET)
