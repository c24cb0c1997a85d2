# tritonc: -n k -s "*i32, *i32, 16" -g "1, 1, 1"
# The mask must be boolean.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.histogram(x, 16, mask=x))
