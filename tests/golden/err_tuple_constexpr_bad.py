# tritonc: -n reshape_kernel -s "*i32, *i32, (4, n)"
# A tuple constexpr whose element is not a literal is refused where it is written.
import triton
import triton.language as tl


@triton.jit
def reshape_kernel(Z, X, SHAPE: tl.constexpr):
    x = tl.load(X + tl.arange(0, 32))
    tl.store(Z + tl.arange(0, 32), tl.reshape(tl.reshape(x, SHAPE), (32,)))
