"""examples/dropout.py: every output is 0 or x / (1 - p), about (1 - p) of them kept, the same
seed gives the same mask and another seed another (the bits themselves are checked against an
independent Philox in tests/rand)."""
import numpy as np
from arrays import randn, empty_like, numpy, USE_NUMPY

import triton
import dropout as example

n, p = 10000, 0.3
x = randn(n)
outs = []
for seed in (123, 123, 124):
    out = empty_like(x)
    example.seeded_dropout_kernel[(triton.cdiv(n, 1024), )](x, out, n, p, seed, BLOCK_SIZE=1024)
    outs.append(numpy(out).copy())
xs = numpy(x) / (1 - p)
kept = outs[0] != 0
assert np.allclose(outs[0][kept], xs[kept], rtol=1e-6), "kept values are x / (1 - p)"
assert abs(kept.mean() - (1 - p)) < 0.03, kept.mean()
assert np.array_equal(outs[0], outs[1]), "same seed, same mask"
assert not np.array_equal(outs[0], outs[2]), "another seed, another mask"
print("dropout ok", "numpy" if USE_NUMPY else "torch")
