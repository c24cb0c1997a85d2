import triton
import triton.language as tl

from .consts import COEFF, SQRT_2_OVER_PI

try:
    from triton.language.extra.cuda.libdevice import tanh
except ImportError:
    from triton.language.math import tanh


@triton.jit
def gelu_tanh(x):
    inner = SQRT_2_OVER_PI * (x + COEFF * x * x * x)
    return 0.5 * x * (1.0 + tanh(inner))


@triton.jit
def square(x):
    return x * x
