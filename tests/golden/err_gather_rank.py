# tritonc: -n k -s "*fp32, *i32, 16" -g "1, 1, 1"
# gather's source and index need the same rank.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs[:, None] * N + offs[None, :])
    i = tl.load(y_ptr + offs)
    tl.store(x_ptr + offs, tl.gather(x, i, 0))
