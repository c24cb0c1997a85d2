# tritonc: -n copy_kernel -s "*fp32, *fp32"
# A name bound differently on the two sides of an `if` on a helper tritonc cannot run: the
# kernel that reads it gets an error naming the condition and why it is unknown.
import triton
import triton.language as tl

from mylib.utils import is_hip

if is_hip():
    BLOCK_DEFAULT = tl.constexpr(64)
else:
    BLOCK_DEFAULT = tl.constexpr(128)


@triton.jit
def copy_kernel(x_ptr, out_ptr):
    offs = tl.arange(0, BLOCK_DEFAULT)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs))
