# tritonc: -I tests/golden/mods -n k -s "*fp32, 16"
# A helper imported from a module that is in no folder of the search path (this file's own
# folder, then each -I): the error names the module and the path searched.
import triton
import triton.language as tl

from my_missing_helpers import fast_exp


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, fast_exp(tl.load(x_ptr + offs)))
