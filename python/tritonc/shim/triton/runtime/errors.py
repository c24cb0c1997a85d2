"""triton.runtime.errors: the interpreter's error type (tritonc never interprets kernels, so
nothing raises it; programs name it in except clauses and pytest.raises)."""
from tritonc.errors import TritoncError


class InterpreterError(TritoncError):
    pass
