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
        # Triton's CompilationError is raised `from` the error the language's code raised, and
        # programs (Triton's tests too) read that one's text as __cause__: here the error's own
        # sentence, without position, source line and caret.
        self.__cause__ = CompilationErrorCause(error_text(message))

    def __str__(self):
        return self.message

    def __reduce__(self):
        return (type(self), (self.message, self.kernel, self.signature))


class OutOfResources(CompilationError):
    """The kernel translates, but one of its configurations needs more of the device than it has
    (shared memory): Triton raises OutOfResources there, and its autotuner times such a config
    as infinitely slow instead of failing; the runner's autotuner does the same."""


def compilation_error(message, kernel=None, signature=None):
    """The exception for tritonc's error text (exit status 1)."""
    # tritonc's own message for a plan over the device's shared memory (cuda/cuda_file.c)
    cls = OutOfResources if "bytes of shared memory" in message else CompilationError
    return cls(message, kernel, signature)


class CompilationErrorCause(TritoncError):
    """The __cause__ of a CompilationError: tritonc's error sentence alone."""


def error_text(message):
    """'FILE:LINE:COL: error: TEXT' (then the source line and a caret) -> TEXT; the whole
    message when it has no such line."""
    for line in message.splitlines():
        head, sep, text = line.partition(": error: ")
        if sep:
            return text
    return message


class CCompileError(TritoncError):
    """The system C compiler (or NVRTC) failed on tritonc's output: a bug in tritonc."""


class DeviceError(TritoncError):
    """An argument lives on a device the runner cannot reach, or arguments are on different
    devices."""


class ArgumentError(TritoncError, TypeError):
    """An argument Triton's JIT would not bind: unsupported dtype or type, missing argument."""


class IntegerOverflow(ArgumentError, OverflowError):
    """An integer argument outside 64 bits: Triton's launcher fails to pack it with
    OverflowError."""
