"""Calling a kernel built for the C target: the generated header declares
`void NAME_grid(int grid_x, int grid_y, int grid_z, <the non-constexpr parameters>)`; its
parameter types become the ctypes argtypes, so each call converts the Python values once."""
import ctypes
import os
import re

from .errors import TritoncError

_CTYPES = {
    "bool": ctypes.c_bool, "int8_t": ctypes.c_int8, "int16_t": ctypes.c_int16,
    "int32_t": ctypes.c_int32, "int64_t": ctypes.c_int64, "uint8_t": ctypes.c_uint8,
    "uint16_t": ctypes.c_uint16, "uint32_t": ctypes.c_uint32, "uint64_t": ctypes.c_uint64,
    "float": ctypes.c_float, "double": ctypes.c_double, "int": ctypes.c_int,
    "unsigned": ctypes.c_uint,
}


def param_types(decl):
    """ctypes types of a C parameter list 'float *x, int32_t n, ...'."""
    out = []
    for p in [p.strip() for p in decl.split(",") if p.strip()]:
        if "*" in p:
            out.append(ctypes.c_void_p)
            continue
        ty = " ".join(p.split()[:-1]).replace("const ", "").replace("unsigned int", "unsigned")
        if ty not in _CTYPES:
            raise TritoncError(f"tritonc runner: unknown C parameter type {ty!r} in {decl!r}")
        out.append(_CTYPES[ty])
    return out


class CKernel:
    def __init__(self, folder, kernel):
        with open(os.path.join(folder, "kernel.h")) as f:
            header = f.read()
        m = re.search(r"void\s+" + re.escape(kernel) + r"_grid\s*\(([^)]*)\)", header)
        if not m:
            raise TritoncError(f"tritonc runner: no {kernel}_grid in {folder}/kernel.h")
        types = param_types(m.group(1))
        self.lib = ctypes.CDLL(os.path.join(folder, "kernel.so"))
        self.fn = getattr(self.lib, kernel + "_grid")
        self.fn.argtypes = types
        self.fn.restype = None
        self.nargs = len(types) - 3
        self.folder = folder

    def __call__(self, grid, values, tensors):
        gx, gy, gz = grid
        if gx <= 0 or gy <= 0 or gz <= 0:
            return
        self.fn(gx, gy, gz, *values)
