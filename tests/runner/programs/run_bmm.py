"""examples/bmm.py: batched matmul, 2-D tiles per batch and 3-D tiles, against numpy."""
import numpy as np
from arrays import randn, empty, numpy, assert_close, stride, USE_NUMPY

import triton
import bmm as example

B, M, N, K = 3, 50, 40, 30
a, b = randn(B, M, K), randn(B, K, N)
ref = numpy(a).astype(np.float64) @ numpy(b).astype(np.float64)
c = empty(B, M, N)
args = (B, M, N, K, stride(a, 0), stride(a, 1), stride(b, 0), stride(b, 1), stride(c, 0), stride(c, 1))
example.bmm_kernel[(triton.cdiv(M, 32), triton.cdiv(N, 32), B)](a, b, c, *args,
                                                               BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
assert_close(c, ref, atol=1e-3, rtol=1e-4, what="bmm")
c3 = empty(B, M, N)
example.bmm3d_kernel[(triton.cdiv(M, 16), triton.cdiv(N, 16), triton.cdiv(B, 2))](
    a, b, c3, B, M, N, K, stride(a, 0), stride(a, 1), stride(b, 0), stride(b, 1), stride(c3, 0),
    stride(c3, 1), BLOCK_B=2, BLOCK_M=16, BLOCK_N=16, BLOCK_K=16)
assert_close(c3, ref, atol=1e-3, rtol=1e-4, what="bmm3d")
print("bmm ok", "numpy" if USE_NUMPY else "torch")
