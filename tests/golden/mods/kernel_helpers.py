"""@triton.jit helpers in a module of their own, with their own imports and globals."""
import triton
import triton.language as tl
from triton.language.extra import libdevice

SHIFT = tl.constexpr(0.5)


def host_only(x):
    return x * 2


@triton.jit
def scale_shift(x, scale):
    return x * scale + SHIFT


@triton.jit
def soft_clip(x, limit: tl.constexpr = 3.0):
    return limit * libdevice.tanh(x / limit)
