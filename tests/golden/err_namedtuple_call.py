# tritonc: -n build -s "*fp32, i32"
# Building a NamedTuple binds its fields as Python does: an unknown keyword is an error.
from typing import NamedTuple

import triton
import triton.language as tl


class Span(NamedTuple):
    start: int
    stop: int
    step: int = 1


@triton.jit
def build(ptr, n):
    s = Span(0, stop=n, stride=2)
    tl.store(ptr + s.start, s.stop)
