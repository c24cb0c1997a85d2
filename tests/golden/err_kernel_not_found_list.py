# tritonc: -n softmax -s "*fp32, *fp32, i32, 128"
# No name is near 'softmax': the error lists the file's @triton.jit functions (helpers too).
import triton
import triton.language as tl


@triton.jit
def row_max(x):
    return tl.max(x, axis=0)


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + offs, x / row_max(x), mask=offs < n)
