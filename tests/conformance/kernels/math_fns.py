"""Elementwise math: core tl.* functions and libdevice functions."""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def math_core_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr, FP32_ONLY: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0) * 4  # [-4, 4)
    y = tl.load(y_ptr + offs, mask=mask, other=0)  # [-1, 1)
    ax = tl.abs(x) + 0.5
    tl.store(out_ptr + 0 * n + offs, tl.exp(x), mask=mask)
    tl.store(out_ptr + 1 * n + offs, tl.exp2(x), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.log(ax), mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.log2(ax), mask=mask)
    tl.store(out_ptr + 4 * n + offs, tl.sqrt(ax), mask=mask)
    tl.store(out_ptr + 5 * n + offs, tl.rsqrt(ax), mask=mask)
    tl.store(out_ptr + 6 * n + offs, tl.sin(x), mask=mask)
    tl.store(out_ptr + 7 * n + offs, tl.cos(x), mask=mask)
    tl.store(out_ptr + 8 * n + offs, tl.erf(x), mask=mask)
    tl.store(out_ptr + 9 * n + offs, tl.floor(x), mask=mask)
    tl.store(out_ptr + 10 * n + offs, tl.ceil(x), mask=mask)
    tl.store(out_ptr + 11 * n + offs, tl.sigmoid(x), mask=mask)
    tl.store(out_ptr + 12 * n + offs, tl.abs(y), mask=mask)
    tl.store(out_ptr + 13 * n + offs, tl.fma(x, y, ax), mask=mask)
    if FP32_ONLY:  # sqrt_rn and div_rn accept fp32 only
        tl.store(out_ptr + 14 * n + offs, tl.sqrt_rn(ax), mask=mask)
        tl.store(out_ptr + 15 * n + offs, tl.div_rn(x, ax), mask=mask)
    else:
        tl.store(out_ptr + 14 * n + offs, tl.sqrt(ax), mask=mask)
        tl.store(out_ptr + 15 * n + offs, x / ax, mask=mask)
    tl.store(out_ptr + 16 * n + offs, tl.fdiv(x, ax), mask=mask)
    tl.store(out_ptr + 17 * n + offs, x / ax, mask=mask)
    tl.store(out_ptr + 18 * n + offs, tl.math.exp(y) + tl.math.log(ax), mask=mask)
    tl.store(out_ptr + 19 * n + offs, tl.maximum(x, y), mask=mask)
    tl.store(out_ptr + 20 * n + offs, tl.minimum(x, y), mask=mask)
    tl.store(out_ptr + 21 * n + offs, tl.clamp(x, -1.5, 2.0), mask=mask)
    tl.store(out_ptr + 22 * n + offs, tl.where(x > y, x - y, y * y), mask=mask)
    tl.store(out_ptr + 23 * n + offs, x % ax, mask=mask)
    tl.store(out_ptr + 24 * n + offs, -x, mask=mask)
    tl.store(out_ptr + 25 * n + offs, x * y + ax, mask=mask)


@triton.jit
def math_libdevice_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0) * 4  # [-4, 4)
    y = tl.load(y_ptr + offs, mask=mask, other=0)  # [-1, 1)
    ax = tl.abs(x) + 0.5
    tl.store(out_ptr + 0 * n + offs, libdevice.tanh(x), mask=mask)
    tl.store(out_ptr + 1 * n + offs, libdevice.pow(ax, y * 3), mask=mask)
    tl.store(out_ptr + 2 * n + offs, libdevice.log1p(ax), mask=mask)
    tl.store(out_ptr + 3 * n + offs, libdevice.atan2(x, y), mask=mask)
    tl.store(out_ptr + 4 * n + offs, libdevice.asin(y), mask=mask)
    tl.store(out_ptr + 5 * n + offs, libdevice.expm1(y), mask=mask)
    tl.store(out_ptr + 6 * n + offs, libdevice.trunc(x), mask=mask)
    tl.store(out_ptr + 7 * n + offs, libdevice.rint(x), mask=mask)
    tl.store(out_ptr + 8 * n + offs, libdevice.tan(y), mask=mask)
    tl.store(out_ptr + 9 * n + offs, libdevice.log10(ax), mask=mask)
    tl.store(out_ptr + 10 * n + offs, libdevice.exp(y), mask=mask)
    tl.store(out_ptr + 11 * n + offs, libdevice.fmod(x, ax), mask=mask)
    tl.store(out_ptr + 12 * n + offs, libdevice.cbrt(x), mask=mask)
    tl.store(out_ptr + 13 * n + offs, libdevice.cosh(y), mask=mask)
    tl.store(out_ptr + 14 * n + offs, libdevice.round(x), mask=mask)
    tl.store(out_ptr + 15 * n + offs, libdevice.hypot(x, y), mask=mask)
