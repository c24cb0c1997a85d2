"""examples/add.py's kernel launched as in Triton's vector-add tutorial; a grid callable of the
meta-parameters, a size that is not a multiple of the block, and a strided (every other
element) view."""
import triton
from arrays import randn, empty_like, numpy, assert_close, USE_NUMPY

from add import add_kernel  # examples/add.py

x = randn(98432)
y = randn(98432)
out = empty_like(x)
n = out.shape[0]
grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]), )
add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
assert_close(out, numpy(x) + numpy(y), what="add")

# n - 1 elements: the masked tail, a size that is not divisible by 16 (i32 without :16)
out2 = empty_like(x)
out2[-1] = 7.0
add_kernel[grid](x, y, out2, n - 1, BLOCK_SIZE=1024)
assert_close(out2[:-1], numpy(x)[:-1] + numpy(y)[:-1], what="add tail")
assert float(out2[-1]) == 7.0, "add wrote past n_elements"

# an offset view: the data pointer is 4 bytes past a 16-byte boundary (no :16)
xs, ys, os_ = x[1:], y[1:], out[1:]
add_kernel[(triton.cdiv(n - 1, 256), )](xs, ys, os_, n - 1, BLOCK_SIZE=256)
assert_close(os_, numpy(x)[1:] + numpy(y)[1:], what="add offset view")
print("add ok", "numpy" if USE_NUMPY else "torch")
