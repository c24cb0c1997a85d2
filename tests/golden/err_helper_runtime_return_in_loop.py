# tritonc: -n k -s "*fp32, i32, 32"
# An early return under a runtime condition in a helper called inside a loop stays refused,
# naming the helper (one under a constexpr condition is accepted: helper_return_in_loop).
import triton
import triton.language as tl


@triton.jit
def clipped(x, n):
    if n < 0:
        return x
    return tl.minimum(x, n)


@triton.jit
def k(X, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    for i in range(4):
        x = tl.load(X + i * BLOCK + offs)
        tl.store(X + i * BLOCK + offs, clipped(x, n))
