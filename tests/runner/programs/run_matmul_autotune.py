"""examples/matmul_autotune.py: the autotuned matmul launched with a grid of the chosen config's
meta-parameters, at a size that is not a multiple of the tiles, against numpy."""
import numpy as np
from arrays import randn, empty, numpy, assert_close, stride, USE_NUMPY

import triton
import matmul_autotune as example

M, N, K = 130, 70, 96
a, b = randn(M, K), randn(K, N)
c = empty(M, N)
grid = lambda meta: (triton.cdiv(M, meta['BLOCK_M']) * triton.cdiv(N, meta['BLOCK_N']), )
example.matmul_tuned_kernel[grid](a, b, c, M, N, K, stride(a, 0), stride(b, 0), stride(c, 0))
ref = numpy(a).astype(np.float64) @ numpy(b).astype(np.float64)
assert_close(c, ref, atol=1e-3, rtol=1e-4, what="autotuned matmul")
print("matmul_autotune ok", "numpy" if USE_NUMPY else "torch")
