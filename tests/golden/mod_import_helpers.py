# tritonc: --include-runtime -I tests/golden/mods -n fused_kernel -s "*fp32, *fp32, i32, fp32, 128" -g "cdiv(n, 128), 1, 1"
# @triton.jit helpers imported from other modules, searched in -I folders like Python's
# sys.path: a plain module (from-import and module attribute), a package with __init__.py
# re-exporting a submodule's helper, a submodule imported by its dotted name, and a relative
# import from this file's own folder. The helpers read their own modules' globals.
import triton
import triton.language as tl

import kernel_helpers
import mypkg.activations
from kernel_helpers import scale_shift as affine
from mypkg import gelu_tanh
from .mods.kernel_helpers import soft_clip


@triton.jit
def fused_kernel(x_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = gelu_tanh(affine(x, scale))
    y = kernel_helpers.soft_clip(y) + soft_clip(y, 2.0)
    y = mypkg.activations.square(y)
    tl.store(out_ptr + offs, y, mask=mask)
