"""examples/cumsum.py: an inclusive scan per row."""
import numpy as np
from arrays import randn, empty_like, numpy, assert_close, stride, USE_NUMPY

from cumsum import cumsum_kernel

x = randn(64, 1000)
out = empty_like(x)
cumsum_kernel[(64, )](x, out, 1000, stride(x, 0), BLOCK_SIZE=1024)
assert_close(out, np.cumsum(numpy(x).astype(np.float64), axis=1), atol=1e-3, what="cumsum")
print("cumsum ok", "numpy" if USE_NUMPY else "torch")
