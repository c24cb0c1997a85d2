# tritonc: -n read_field -s "Tensor(ptr=*fp32, shape=(i32,), stride=(1,))"
# A NamedTuple has the fields its class names; reading another is an error naming them.
from typing import NamedTuple

import triton
import triton.language as tl


class Tensor(NamedTuple):
    ptr: tl.tensor
    shape: tuple
    stride: tuple


@triton.jit
def read_field(t):
    offs = tl.arange(0, 16)
    tl.store(t.ptr + offs * t.stride[0], 0.0, mask=offs < t.size)
