# tritonc: -n hinted -s "*fp32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def hinted(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)[:, None] + tl.arange(0, BLOCK)[None, :]
    # one value per dimension: a 2D tile needs two
    offs = tl.multiple_of(offs, 16)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
