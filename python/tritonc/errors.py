"""Exceptions the runner raises. When Triton is installed, CompilationError also derives from
Triton's own CompilationError (a TritonError), so `pytest.raises(triton.CompilationError)` and
`except triton.TritonError` in a program see tritonc's errors as they see Triton's."""


def _triton_bases():
    try:
        from triton.compiler.errors import CompilationError as TritonCompilationError
        return (TritonCompilationError,)
    except Exception:  # no Triton, or one without that module: a plain exception
        return ()


class TritoncError(Exception):
    """Base of the runner's own errors."""


class CompilationError(TritoncError, *_triton_bases()):
    """tritonc rejected the kernel: the message is its positioned error (file:line:col, the
    line, a caret)."""

    def __init__(self, message, kernel=None, signature=None):
        Exception.__init__(self, message)
        self.message = message
        self.src = self.node = None  # what Triton's CompilationError carries, for its methods
        self.error_message = message
        self.kernel = kernel
        self.signature = signature

    def __str__(self):
        return self.message

    def __reduce__(self):
        return (type(self), (self.message, self.kernel, self.signature))


class CCompileError(TritoncError):
    """The system C compiler (or NVRTC) failed on tritonc's output: a bug in tritonc."""


class DeviceError(TritoncError):
    """An argument lives on a device the runner cannot reach, or arguments are on different
    devices."""


class ArgumentError(TritoncError, TypeError):
    """An argument Triton's JIT would not bind: unsupported dtype or type, missing argument."""
