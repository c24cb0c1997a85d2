# tritonc: -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# tl.topk needs k a power of two (Triton silently keeps 2**floor(log2 k)).
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + tl.arange(0, 4), tl.topk(x, 3))
