# tritonc: -n k -s "*i32, *i32, 16" -g "1, 1, 1"
# histogram takes a 1-D input.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs[:, None] * N + offs[None, :])
    tl.store(y_ptr + offs, tl.histogram(x, 16))
