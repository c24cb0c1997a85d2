"""A Triton program run by an installed runner (tests/consumer/run.sh): python3 -m tritonc
axpy_runner.py from outside the repository, on numpy arrays, checked against numpy."""
import numpy as np
import triton
import triton.language as tl


@triton.jit
def axpy_kernel(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a * x + y, mask=mask)


x = np.arange(1000, dtype=np.float32)
y = np.ones(1000, dtype=np.float32)
out = np.empty_like(x)
axpy_kernel[(triton.cdiv(1000, 256),)](x, y, out, 2.0, 1000, BLOCK=256)
assert np.array_equal(out, 2 * x + y)
print("runner ok")
