"""triton.language for programs run through tritonc without Triton installed."""
from .core import constexpr, dtype, pointer_type, block_type, tensor, DTYPES, make_getattr
from . import core, math, extra  # noqa: F401

globals().update(DTYPES)
float8e4b8 = dtype("fp8e4b8")
float8e5b16 = dtype("fp8e5b16")
void = dtype("void")
bool = DTYPES["int1"]  # noqa: A001  (Triton's tl.int1 alias)
constexpr_type = constexpr

__getattr__ = make_getattr("")


def cdiv(x, y):
    return (x + y - 1) // y
