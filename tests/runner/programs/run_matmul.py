"""examples/matmul.py: the grouped-order matmul with a leaky-ReLU epilogue at a size that is not
a multiple of the tiles, and the transposed-weight variant, against numpy."""
import numpy as np
from arrays import randn, empty, numpy, assert_close, stride, USE_NUMPY

import triton
import matmul as example

M, N, K = 150, 70, 90
a, b = randn(M, K), randn(K, N)
c = empty(M, N)
grid = (triton.cdiv(M, 32) * triton.cdiv(N, 32), )
example.matmul_kernel[grid](a, b, c, M, N, K, stride(a, 0), stride(b, 0), stride(c, 0),
                            BLOCK_M=32, BLOCK_N=32, BLOCK_K=32, GROUP_SIZE_M=4, LEAKY=True)
ref = numpy(a).astype(np.float64) @ numpy(b).astype(np.float64)
ref = np.where(ref > 0, ref, ref * 0.01)
assert_close(c, ref, atol=1e-3, rtol=1e-4, what="matmul + leaky relu")
print("matmul ok", "numpy" if USE_NUMPY else "torch")
