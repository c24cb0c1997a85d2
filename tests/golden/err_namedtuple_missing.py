# tritonc: -n build -s "*fp32, i32"
# A field without a default must be given.
import collections

import triton
import triton.language as tl

Span = collections.namedtuple("Span", "start stop step", defaults=(1,))


@triton.jit
def build(ptr, n):
    s = Span(stop=n)
    tl.store(ptr + s.start, s.stop)
