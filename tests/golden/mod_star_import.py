# tritonc: -I tests/golden/mods -n softplus_clamp_kernel -s "*fp32, *fp32, i32, 64" -g "cdiv(n, 64), 1, 1"
# `from P import *` as published kernel libraries use it: names read through a package whose
# __init__ star-imports its modules (softplus from starpkg.ops, CLAMP from .limits, which also
# rebinds SCALE after ops did: 0.25), and this file's own star import, whose OFFSET a later
# assignment overrides (3.0) while SHIFT, bound before it, is overridden by it (1.5).
import triton
import triton.language as tl

SHIFT = 0.0
from starpkg import CLAMP, SCALE, softplus  # noqa: E402
from star_consts import *  # noqa: E402,F403

OFFSET = 3.0


@triton.jit
def softplus_clamp_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.minimum(softplus(x * SCALE + SHIFT), CLAMP) + OFFSET
    tl.store(y_ptr + offs, y, mask=mask)
