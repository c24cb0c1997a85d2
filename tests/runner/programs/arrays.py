"""Test programs run on torch CPU tensors (default) or numpy arrays (argument `numpy`): the
same script either way, as a user would write it for one of them. References are computed by
torch or numpy, never by tritonc."""
import math
import sys

import numpy as np

USE_NUMPY = "numpy" in sys.argv[1:]
if not USE_NUMPY:
    import torch
    torch.manual_seed(0)
_rs = np.random.RandomState(0)


def randn(*shape, dtype="float32"):
    a = _rs.randn(*shape).astype(dtype)
    return a if USE_NUMPY else torch.from_numpy(a)


def randint(lo, hi, shape, dtype="int32"):
    a = _rs.randint(lo, hi, shape).astype(dtype)
    return a if USE_NUMPY else torch.from_numpy(a)


def empty_like(x):
    return np.empty_like(x) if USE_NUMPY else torch.empty_like(x)


def empty(*shape, dtype="float32"):
    return np.empty(shape, dtype=dtype) if USE_NUMPY else torch.empty(*shape,
                                                                        dtype=getattr(torch, dtype))


def stride(x, dim):
    """Element stride, as Triton programs pass x.stride(dim)."""
    return x.strides[dim] // x.itemsize if USE_NUMPY else x.stride(dim)


def numpy(x):
    return x if USE_NUMPY else x.numpy()


def assert_close(actual, expected, atol=1e-5, rtol=1e-5, what=""):
    np.testing.assert_allclose(numpy(actual), np.asarray(expected), atol=atol, rtol=rtol,
                               err_msg=what)


erf = np.vectorize(math.erf, otypes=[np.float64])
