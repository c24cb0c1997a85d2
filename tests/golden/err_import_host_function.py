# tritonc: -I tests/golden/mods -n k -s "*fp32, 16"
# A plain Python function imported from another module is not a @triton.jit function.
import triton
import triton.language as tl

from kernel_helpers import host_only


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, host_only(tl.load(x_ptr + offs)))
