# tritonc: -n rownorm_kernel -s "*fp32, *fp32, fp32, 48" -g "8, 1, 1"
# Host Python as published libraries write it around their kernels: options spread into the
# autotune decorator (`**tune_options`, a dict chosen by an environment switch), and kernel
# helpers picked by `os.environ.get(...)` at import time. The switches are read from tritonc's
# environment, as Python would at import; both are unset here, so the defaults hold: the
# options dict is {'cache_results': True} and the helper is the plain tl.exp one (the fast
# variant would call libdevice.fast_expf). The first config sets BLOCK_D = 64.
import os

import triton
import triton.language as tl
import triton.language.extra.libdevice as ldv

TUNE_CACHE = os.getenv("TRITONC_GOLDEN_UNSET_CACHE", "1") == "1"
tune_options = dict(cache_results=TUNE_CACHE) if TUNE_CACHE else {}

if os.environ.get("TRITONC_GOLDEN_UNSET_FAST", "0") == "1":
    @triton.jit
    def expf(x):
        return ldv.fast_expf(x.to(tl.float32))
else:
    @triton.jit
    def expf(x):
        return tl.exp(x.to(tl.float32))


@triton.autotune(
    configs=[triton.Config({"BLOCK_D": 64}, num_warps=2), triton.Config({"BLOCK_D": 128}, num_warps=4)],
    key=["D"],
    **tune_options,
)
@triton.jit
def rownorm_kernel(X, Y, eps, D: tl.constexpr, BLOCK_D: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_D)
    x = tl.load(X + row * D + cols, mask=cols < D, other=0.0)
    e = tl.where(cols < D, expf(x), 0.0)
    tl.store(Y + row * D + cols, e / (tl.sum(e, 0) + eps), mask=cols < D)
