"""Calls to @triton.jit helpers (tuple returns, default and keyword arguments, nesting) and
module-level constexpr globals."""
import triton
import triton.language as tl

SCALE = tl.constexpr(3)
OFFSET = tl.constexpr(0.25)
USE_CLAMP = tl.constexpr(True)


@triton.jit
def _scale_shift(x, scale, shift=1.0):
    return x * scale + shift, x - shift


@triton.jit
def _clamp_hi(x, limit: tl.constexpr = 4.0):
    return tl.where(x > limit, limit, x)


@triton.jit
def _poly(x):
    a, b = _scale_shift(x, 2.0, shift=OFFSET)
    return a * b


@triton.jit
def _sum_and_max(x, mask):
    return tl.sum(tl.where(mask, x, 0.0), axis=0), tl.max(tl.where(mask, x, -float('inf')), axis=0)


@triton.jit
def helpers_kernel(x_ptr, out0_ptr, out1_ptr, stats_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a, b = _scale_shift(x, SCALE)
    c, d = _scale_shift(x, 2.0, shift=-0.5)
    if USE_CLAMP:
        e = _clamp_hi(a + c, limit=5.0)
    else:
        e = a + c
    t = _scale_shift(x, 1.5)
    g = t[0] * t[1]
    tl.store(out0_ptr + offs, e + b * d, mask=mask)
    tl.store(out1_ptr + offs, g + _poly(x) + _clamp_hi(x * 10), mask=mask)
    s, m = _sum_and_max(x, mask)
    tl.store(stats_ptr + pid * 2, s)
    tl.store(stats_ptr + pid * 2 + 1, m)
