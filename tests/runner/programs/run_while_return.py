"""examples/while_return.py: data-dependent while loops and early returns, int32 tensors; the
grid has one program more than the data (it returns early)."""
import numpy as np
import triton
from arrays import randint, empty_like, numpy, USE_NUMPY

from while_return import collatz_steps_kernel, halving_kernel


def collatz(v):
    s = 0
    while v > 1:
        v = v // 2 if v % 2 == 0 else 3 * v + 1
        s += 1
    return s


x = randint(1, 1000, (3000, ))
steps = empty_like(x)
collatz_steps_kernel[(triton.cdiv(3000, 128) + 1, )](x, steps, 3000, BLOCK=128)
np.testing.assert_array_equal(numpy(steps), [collatz(int(v)) for v in numpy(x)])
counts = empty_like(x)
halving_kernel[(3000, )](x, counts, 3000)
np.testing.assert_array_equal(numpy(counts), [int(v).bit_length() for v in numpy(x)])
print("while_return ok", "numpy" if USE_NUMPY else "torch")
