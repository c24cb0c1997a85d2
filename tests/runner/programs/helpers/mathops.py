"""A @triton.jit helper in another module, as programs split their kernels."""
import triton
import triton.language as tl

SCALE = tl.constexpr(2.0)


@triton.jit
def scaled(x):
    return x * SCALE
