# tritonc: -I tests/golden/mods -n hidden_kernel -s "*fp32, 16"
# `from M import *` binds M's public names only: _HIDDEN (a leading underscore) is not one.
import triton
import triton.language as tl

from star_consts import *  # noqa: F403


@triton.jit
def hidden_kernel(y_ptr, BLOCK: tl.constexpr):
    tl.store(y_ptr + tl.arange(0, BLOCK), tl.full((BLOCK,), _HIDDEN, tl.float32))
