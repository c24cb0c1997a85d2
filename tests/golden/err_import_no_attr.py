# tritonc: -I tests/golden/mods -n k -s "*fp32, 16"
# A name the imported module does not define.
import triton
import triton.language as tl

from kernel_helpers import scale_shift, no_such_helper


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, no_such_helper(tl.load(x_ptr + offs)))
