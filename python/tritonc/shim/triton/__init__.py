"""The `triton` names a program needs to define and launch kernels, for machines without
Triton (tritonc.patch() puts this folder first on sys.path). Kernels go through tritonc; no
kernel body runs in Python. Mirrors Triton 3.6's API, which is what tritonc implements."""
from tritonc.jit import (JITFunction, Autotuner, Heuristics, Config, KernelWrapper as
                         KernelInterface, jit, autotune, heuristics)
from tritonc.errors import CompilationError, TritoncError as TritonError

from . import language, testing, runtime, compiler  # noqa: F401
from .runtime.jit import TensorWrapper, reinterpret  # noqa: F401

__version__ = "3.6.0"
__tritonc_shim__ = True


class OutOfResources(TritonError):
    pass


def cdiv(x, y):
    return (x + y - 1) // y


def next_power_of_2(n):
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def set_allocator(allocator):
    """Triton's scratch allocator for tensor descriptors made in kernels: tritonc lowers them to
    pointer arithmetic and needs no scratch memory, so there is nothing to set."""


def must_use_result(x, s=True):
    return x
