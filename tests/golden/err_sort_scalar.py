# tritonc: -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# A scalar cannot be sorted.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr)
    tl.store(y_ptr, tl.sort(x))
