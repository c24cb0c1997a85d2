# tritonc: -n hinted -s "*fp32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def hinted(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    offs = tl.max_contiguous(offs, n)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
