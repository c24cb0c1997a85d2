"""triton.compiler: its errors, and compile() (tritonc compiles only through a launch)."""
from tritonc.errors import CompilationError  # noqa: F401

from . import errors  # noqa: F401


def compile(*args, **kwargs):
    raise RuntimeError("triton.compile is not available without Triton: tritonc translates a "
                       "kernel when it is launched")
