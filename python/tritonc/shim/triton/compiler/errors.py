"""triton.compiler.errors: tritonc's CompilationError under Triton's name."""
from tritonc.errors import CompilationError, TritoncError as TritonError  # noqa: F401
