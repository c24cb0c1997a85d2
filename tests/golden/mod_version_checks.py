# tritonc: --include-runtime -n rms_scale_kernel -s "*fp32, *fp32, i32, 64"
# Module-level statements that decide names, run as Python would under Triton 3.x: imports
# under version checks (a helper named compare_version, packaging's Version, the version
# string), a try whose Triton 2.x import fails, and an `and` with a helper tritonc cannot run
# (is_npu_available, from a module not in the search path) whose branches bind rsqrt to the
# same function either way. Host statements a kernel never reads are ignored.
import operator

import torch
import triton
import triton.language as tl
from packaging.version import Version

from mylib.ops.utils import compare_version
from mylib.utils import get_amp_custom_fwd_bwd, is_npu_available, register_op

if compare_version("triton", operator.ge, "3.0.0") and not is_npu_available():
    try:
        from triton.language.extra.libdevice import rsqrt
    except ModuleNotFoundError:
        from triton.language.extra.cuda.libdevice import rsqrt
else:
    from triton.language.math import rsqrt

if Version(triton.__version__) >= Version("3.0.0"):
    from triton.language.extra import libdevice

    fast_tanh = libdevice.tanh
else:
    fast_tanh = tl.math.tanh

try:
    from triton.language.libdevice import erf  # Triton 2.x only
except ImportError:
    from triton.language.math import erf

if triton.__version__ < "3.0":
    SCALE = tl.constexpr(1.0)
elif triton.__version__ >= "99":
    SCALE = tl.constexpr(3.0)
else:
    SCALE = tl.constexpr(2.0)

try:
    from torch.distributed.tensor import DTensor as _DTensor
except Exception:
    _DTensor = ()

amp_custom_fwd, amp_custom_bwd = get_amp_custom_fwd_bwd()
register_op("rms_scale")
_to_triton = {torch.float32: tl.float32}


@triton.jit
def rms_scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    r = rsqrt(tl.sum(x * x, axis=0) / n + 1e-6)
    y = fast_tanh(x * r) * SCALE + erf(x)
    tl.store(out_ptr + offs, y, mask=mask)


if __name__ == "__main__":
    from triton.language.math import exp as rsqrt
