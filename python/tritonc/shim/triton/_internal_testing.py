"""triton._internal_testing: the dtype lists, platform predicates and numpy/torch conversions
Triton's own tests import. Without Triton there is no GPU backend in play: every predicate about
the platform is False, and tensors live on the device the test asks for (CPU here)."""
import os
import re

import numpy as np

import triton.language as tl
from .runtime.jit import TensorWrapper, reinterpret

int_dtypes = ["int8", "int16", "int32", "int64"]
uint_dtypes = ["uint8", "uint16", "uint32", "uint64"]
integral_dtypes = int_dtypes + uint_dtypes
float_dtypes = ["float16", "float32", "float64"]
float_dtypes_with_bfloat16 = float_dtypes + ["bfloat16"]
dtypes = integral_dtypes + float_dtypes
dtypes_with_bfloat16 = dtypes + ["bfloat16"]
torch_float8_dtypes = ["float8_e4m3fn", "float8_e5m2"]
torch_dtypes = ["bool"] + int_dtypes + ["uint8"] + float_dtypes + ["bfloat16"]


def is_interpreter():
    return os.environ.get("TRITON_INTERPRET", "0") == "1"


def _backend():
    import triton
    return triton.runtime.driver.active.get_current_target().backend


def is_cuda():
    return not is_interpreter() and _backend() == "cuda"


def is_hip():
    return not is_interpreter() and _backend() == "hip"


def is_xpu():
    return not is_interpreter() and _backend() == "xpu"


def get_arch():
    import triton
    return "" if is_interpreter() else str(triton.runtime.driver.active.get_current_target().arch)


def is_hopper():
    return False


def is_hip_cdna():
    return False


is_hip_cdna2 = is_hip_cdna3 = is_hip_cdna4 = is_hip_mi200 = is_hip_mi300 = is_hip_mi350 = \
    is_hip_rdna = is_hip_gfx11 = is_hip_gfx12 = is_hopper_or_newer = is_hip_cdna
is_blackwell = is_sm12x = is_hopper


def str_to_triton_dtype(name):
    """'int32' -> tl.int32, 'bool' -> tl.int1, 'float8_e4m3fn' -> tl.float8e4nv."""
    aliases = {"bool": "int1", "float8_e4m3fn": "float8e4nv", "float8_e5m2": "float8e5"}
    return getattr(tl, aliases.get(name, name))


def torch_dtype_name(dtype):
    """The numpy-style name of a tl dtype or a torch dtype: tl.uint32 -> 'uint32'."""
    if isinstance(dtype, tl.dtype):
        from .language.core import PY_NAMES
        return PY_NAMES.get(dtype.name, dtype.name)
    m = re.match(r"^torch\.(\w+)$", str(dtype))
    if not m:
        raise TypeError(f"not a dtype: {dtype!r}")
    return m.group(1)


def numpy_random(shape, dtype_str, rs=None, low=None, high=None):
    """Random test data of a dtype: integers over the type's range (never 0, so division tests
    do not divide by zero), floats from N(0, 1), bfloat16 as float32 with the low 16 bits
    cleared, booleans from the sign of N(0, 1), float8 as small int8 bit patterns."""
    if isinstance(shape, int):
        shape = (shape,)
    if rs is None:
        rs = np.random.RandomState(seed=17)
    if dtype_str in integral_dtypes:
        info = np.iinfo(getattr(np, dtype_str))
        low = info.min if low is None else max(low, info.min)
        high = info.max if high is None else min(high, info.max)
        x = rs.randint(low, high, shape, dtype=getattr(np, dtype_str))
        x[x == 0] = 1
        return x
    if dtype_str and "float8" in dtype_str:
        return rs.randint(20, 40, shape, dtype=np.int8)
    if dtype_str in float_dtypes:
        return rs.normal(0, 1, shape).astype(dtype_str)
    if dtype_str == "bfloat16":
        bits = rs.normal(0, 1, shape).astype("float32").view("uint32") & np.uint32(0xFFFF0000)
        return bits.view("float32")
    if dtype_str in ("bool", "int1", "bool_"):
        return rs.normal(0, 1, shape) > 0.0
    raise RuntimeError(f"Unknown dtype {dtype_str}")


def to_triton(x, device, dst_type=None):
    """A numpy array as a torch tensor on `device`; unsigned and float8 data as a signed tensor
    of the same width reinterpreted to the tl type (torch has no such dtypes)."""
    import torch
    name = x.dtype.name
    if name in uint_dtypes:
        signed = x.astype(getattr(np, name[1:]))
        return reinterpret(torch.tensor(signed, device=device), getattr(tl, name))
    if dst_type and "float8" in dst_type:
        return reinterpret(torch.tensor(x, device=device), getattr(tl, dst_type))
    if name == "float32" and dst_type == "bfloat16":
        return torch.tensor(x, device=device).bfloat16()
    return torch.tensor(x, device=device)


def to_numpy(x):
    """A tensor (or wrapper) as a numpy array of its element type; bfloat16 as float32."""
    import torch
    if isinstance(x, TensorWrapper):
        return x.base.cpu().numpy().astype(getattr(np, torch_dtype_name(x.dtype)))
    if isinstance(x, torch.Tensor):
        if x.dtype is torch.bfloat16:
            return x.cpu().float().numpy()
        return x.cpu().numpy()
    raise ValueError(f"Not a triton-compatible tensor: {x}")


def supports_tma(byval_only=False):
    return False


def supports_ws():
    return False
