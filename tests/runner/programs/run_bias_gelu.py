"""examples/bias_gelu.py: both kernels on a 2-D grid, the output a strided view of a wider
buffer (row stride != N)."""
import math
import numpy as np
import triton
from arrays import randn, empty, numpy, assert_close, erf, stride, USE_NUMPY

from bias_gelu import bias_gelu_kernel, bias_gelu_tanh_kernel

M, N = 300, 500
x = randn(M, N)
bias = randn(N)
wide = empty(M, N + 12)
out = wide[:, :N]
grid = (triton.cdiv(M, 32), triton.cdiv(N, 64))
bias_gelu_kernel[grid](x, bias, out, M, N, stride(x, 0), stride(out, 0), BLOCK_M=32, BLOCK_N=64)
z = numpy(x).astype(np.float64) + numpy(bias)[None, :]
assert_close(out, 0.5 * z * (1 + erf(z / math.sqrt(2))), atol=1e-5, what="gelu erf")
bias_gelu_tanh_kernel[grid](x, bias, out, M, N, stride(x, 0), stride(out, 0), BLOCK_M=32,
                            BLOCK_N=64)
ref = 0.5 * z * (1 + np.tanh(math.sqrt(2 / math.pi) * (z + 0.044715 * z ** 3)))
assert_close(out, ref, atol=1e-5, what="gelu tanh")
print("bias_gelu ok", "numpy" if USE_NUMPY else "torch")
