"""examples/layernorm.py: forward (with mean and 1/std outputs) and the input gradient."""
import numpy as np
from arrays import randn, empty, empty_like, numpy, assert_close, stride, USE_NUMPY

from layernorm import _layer_norm_fwd_fused, _layer_norm_bwd_dx

M, N, eps = 151, 1000, 1e-5
x, w, b = randn(M, N), randn(N), randn(N)
y, mean, rstd = empty_like(x), empty(M), empty(M)
_layer_norm_fwd_fused[(M, )](x, y, w, b, mean, rstd, stride(x, 0), N, eps, BLOCK_SIZE=256)
xd = numpy(x).astype(np.float64)
mu = xd.mean(1)
rs = 1 / np.sqrt(xd.var(1) + eps)
xhat = (xd - mu[:, None]) * rs[:, None]
assert_close(mean, mu, atol=1e-5, what="mean")
assert_close(rstd, rs, rtol=1e-4, what="rstd")
assert_close(y, xhat * numpy(w) + numpy(b), atol=1e-4, what="layer norm")

dy = randn(M, N)
dx = empty_like(x)
_layer_norm_bwd_dx[(M, )](dx, dy, x, w, mean, rstd, stride(x, 0), N, BLOCK_SIZE_N=1024)
wdy = numpy(w) * numpy(dy).astype(np.float64)
c1 = (xhat * wdy).sum(1, keepdims=True) / N
c2 = wdy.sum(1, keepdims=True) / N
assert_close(dx, (wdy - (xhat * c1 + c2)) * rs[:, None], atol=1e-4, what="layer norm dx")
print("layernorm ok", "numpy" if USE_NUMPY else "torch")
