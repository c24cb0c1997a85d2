# tritonc: -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# gather needs an integer index.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    i = tl.load(y_ptr + offs)
    tl.store(x_ptr + offs, tl.gather(x, i, 0))
