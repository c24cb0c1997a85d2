"""A stand-in for a kernel library whose tests' conftest.py imports it (as flash-linear-attention's
and FlagGems' do): its kernel is built when the conftest is imported, before any test module."""
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, factor, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * factor, mask=m)


def scale(x, factor):
    import numpy as np
    y = np.empty_like(x)
    scale_kernel[(triton.cdiv(x.size, 32),)](x, y, x.size, factor, BLOCK=32)
    return y
