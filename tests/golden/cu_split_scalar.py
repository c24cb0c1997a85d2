# tritonc: -n split_scalar_kernel -s "*i64, *i64, *i64" -g "1, 1, 1" --target cuda
# tl.split of a [2] tile into two scalars on the CUDA target: each is one element read back by every thread.
import triton
import triton.language as tl


@triton.jit
def split_scalar_kernel(x_ptr, z1_ptr, z2_ptr):
    """tl.split of a [2] tile: two scalars, each stored once."""
    x = tl.load(x_ptr + tl.arange(0, 2))
    z1, z2 = tl.split(x)
    tl.store(z1_ptr, z1 * 3)
    tl.store(z2_ptr, z2 + z1)
