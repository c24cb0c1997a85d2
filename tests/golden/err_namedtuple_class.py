# tritonc: -n build -s "*fp32, i32"
# Of Python classes a kernel can use NamedTuples only (as Triton).
import triton
import triton.language as tl


class Span:
    start: int
    stop: int


@triton.jit
def build(ptr, n):
    s = Span(0, n)
    tl.store(ptr + s.start, s.stop)
