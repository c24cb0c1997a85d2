"""examples/reductions.py: row and column sums."""
import numpy as np
import triton
from arrays import randn, empty, numpy, assert_close, stride, USE_NUMPY

from reductions import row_sum_kernel, col_sum_kernel

M, N = 333, 777
x = randn(M, N)
rs, cs = empty(M), empty(N)
row_sum_kernel[(triton.cdiv(M, 16), )](x, rs, M, N, stride(x, 0), BLOCK_M=16, BLOCK_N=128)
col_sum_kernel[(triton.cdiv(N, 64), )](x, cs, M, N, stride(x, 0), BLOCK_M=32, BLOCK_N=64)
xd = numpy(x).astype(np.float64)
assert_close(rs, xd.sum(1), atol=1e-3, what="row sums")
assert_close(cs, xd.sum(0), atol=1e-3, what="column sums")
print("reductions ok", "numpy" if USE_NUMPY else "torch")
