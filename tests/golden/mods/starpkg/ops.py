import triton
import triton.language as tl

SCALE = 0.5


@triton.jit
def _stable_exp(x):
    return tl.exp(tl.minimum(x, 20.0))


@triton.jit
def softplus(x):
    return tl.log(1.0 + _stable_exp(x))
