"""examples/linear_gelu.py: gelu(x @ w.T + bias) against numpy."""
import numpy as np
from arrays import randn, empty, numpy, assert_close, stride, erf, USE_NUMPY

import triton
import linear_gelu as example

M, N, K = 100, 48, 40
x, w, bias = randn(M, K), randn(N, K), randn(N)
out = empty(M, N)
example.linear_gelu_kernel[(triton.cdiv(M, 32), triton.cdiv(N, 32))](
    x, w, bias, out, M, N, K, stride(x, 0), stride(w, 0), stride(out, 0),
    BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
z = numpy(x).astype(np.float64) @ numpy(w).astype(np.float64).T + numpy(bias)
assert_close(out, 0.5 * z * (1 + erf(z / np.sqrt(2))), atol=1e-3, rtol=1e-4, what="linear gelu")
print("linear_gelu ok", "numpy" if USE_NUMPY else "torch")
