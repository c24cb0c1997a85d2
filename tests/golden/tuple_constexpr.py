# tritonc: -n reshape_kernel -s "*i32, *i32, (4, 8), ((2,), 'x')" -g "1, 1, 1"
# A tuple as a constexpr value (test_core.py's test_reshape passes out_tuple = (N, N)): a shape
# for tl.reshape, indexed, unpacked, measured with len; nested tuples and 1-tuples read too.
import triton
import triton.language as tl


@triton.jit
def reshape_kernel(Z, X, SHAPE: tl.constexpr, NESTED: tl.constexpr):
    x = tl.load(X + tl.arange(0, SHAPE[0] * SHAPE[1]))
    z = tl.reshape(x, SHAPE)
    rows, cols = SHAPE
    inner: tl.constexpr = NESTED[0]
    z = z + len(SHAPE) * 100 + inner[0] * 10 + (NESTED[1] == 'x')
    tl.store(Z + tl.arange(0, rows)[:, None] * cols + tl.arange(0, cols)[None, :], z)
