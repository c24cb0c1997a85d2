# tritonc: -n pick -s "*fp32, i32"
# A runtime if merges a NamedTuple only with one of the same class.
from typing import NamedTuple

import triton
import triton.language as tl


class Pair(NamedTuple):
    lo: tl.tensor
    hi: tl.tensor


@triton.jit
def pick(ptr, n):
    p = Pair(n, n + 1)
    if n > 0:
        p = (n - 1, n)
    tl.store(ptr, p[0] + p[1])
