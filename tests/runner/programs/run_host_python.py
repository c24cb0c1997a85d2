"""Host Python around kernels, as published kernel files write it, through the runner on CPU
tensors (or numpy arrays): options spread into @triton.autotune from an environment switch,
configs built by a comprehension with a pre_hook factory and filtered by a predicate, a kernel
made by f = triton.jit(f), one defined inside a host function and returned, an early return
after which names change type, a math function picked by a host helper (getattr on libdevice),
a torch.version query inside tl.constexpr(...). Each result is checked against numpy."""
import os

import numpy as np
import triton
import triton.language as tl
import triton.language.extra.libdevice as libdevice
from arrays import randn, empty_like, numpy, USE_NUMPY

try:
    import torch
except ImportError:
    torch = None

TUNE_OPTIONS = {"cache_results": True} if os.environ.get("RUNNER_UNSET_SWITCH", "1") == "1" else {}


def zero_output(name):
    return lambda nargs: nargs[name].zero_() if hasattr(nargs[name], "zero_") else None


CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w, pre_hook=zero_output("Y"))
           for b in (32, 64, 128) for w in (2, 4)]


def keep(conf):
    return conf.kwargs["BLOCK"] >= 64


@triton.autotune(configs=list(filter(keep, CONFIGS)), key=["n"], **TUNE_OPTIONS)
@triton.jit
def double_kernel(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, 2.0 * tl.load(X + offs, mask=offs < n), mask=offs < n)


def negate_kernel(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, -tl.load(X + offs, mask=offs < n), mask=offs < n)


negate_kernel = triton.jit(negate_kernel)


def make_scaler(factor):
    SCALE = tl.constexpr(factor)

    @triton.jit
    def scale_kernel(X, Y, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(Y + offs, tl.load(X + offs, mask=offs < n) * SCALE, mask=offs < n)

    return scale_kernel


triple_kernel = make_scaler(3.0)


@triton.jit
def shifted_copy_kernel(X, Y, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    X = X + row * n_cols
    if row >= n_rows:
        return
    cols = tl.arange(0, BLOCK)
    X = X + cols
    tl.store(Y + row * n_cols + cols, tl.load(X, mask=cols < n_cols) + 1.0, mask=cols < n_cols)


def pick_math(name):
    return getattr(libdevice, {"inv_sqrt": "rsqrt"}.get(name, name))


inv_sqrt = pick_math("inv_sqrt")


@triton.jit
def rsqrt_kernel(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs, mask=offs < n, other=1.0)
    tl.store(Y + offs, inv_sqrt(x), mask=offs < n)


@triton.jit
def hip_flag_kernel(Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if tl.constexpr(torch.version.hip is not None):
        tl.store(Y + offs, 1.0)
    else:
        tl.store(Y + offs, 7.0)


def zeros(size):
    z = empty_like(randn(size))
    z[:] = 0
    return z


n = 1000
x = randn(n)
y = empty_like(x)
double_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]), )](x, y, n)
np.testing.assert_allclose(numpy(y), 2 * numpy(x))
negate_kernel[(triton.cdiv(n, 128), )](x, y, n, BLOCK=128)
np.testing.assert_allclose(numpy(y), -numpy(x))
triple_kernel[(triton.cdiv(n, 128), )](x, y, n, BLOCK=128)
np.testing.assert_allclose(numpy(y), 3 * numpy(x), rtol=1e-6)
rows, cols = 10, 50
m = randn(rows * cols)
out = zeros(rows * cols)
shifted_copy_kernel[(rows + 2, )](m, out, rows, cols, BLOCK=64)
np.testing.assert_allclose(numpy(out), numpy(m) + 1.0, rtol=1e-6)
pos = numpy(x) ** 2 + 0.5
px = randn(n)
if USE_NUMPY:
    px[:] = pos
else:
    px.copy_(torch.from_numpy(pos))
rsqrt_kernel[(triton.cdiv(n, 128), )](px, y, n, BLOCK=128)
np.testing.assert_allclose(numpy(y), 1 / np.sqrt(pos), rtol=1e-5)
if torch is not None:
    flag = zeros(16)
    hip_flag_kernel[(1, )](flag, BLOCK=16)
    np.testing.assert_array_equal(numpy(flag), 7.0)
print("host_python ok", "numpy" if USE_NUMPY else "torch")
