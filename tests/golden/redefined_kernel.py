# tritonc: -n scale_kernel -s "*fp32, *fp32, i32, 64" -g "cdiv(n, 64), 1, 1"
# Two functions named scale_kernel (and two named helper): Python binds the last definition of
# a name, so the second kernel, calling the second helper, is the one translated (out = x * 3).
import triton
import triton.language as tl


@triton.jit
def helper(x):
    return x + 1


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) - 1, mask=offs < n)


@triton.jit
def helper(x):
    return x * 3


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, helper(tl.load(x_ptr + offs, mask=offs < n)), mask=offs < n)
