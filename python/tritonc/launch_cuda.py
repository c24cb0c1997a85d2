"""The CUDA target: tritonc --target cuda writes kernel.cu, whose kernel part compiles alone
under NVRTC; runtime/tc_cuda.c (built once into a shared library in the cache, linked with
-lnvrtc -lcuda) compiles it for the current device (its own disk cache) and launches it with the
driver API on torch's current stream."""
import ctypes
import functools
import os
import re
import subprocess

from . import build
from .errors import CCompileError, DeviceError, TritoncError
from .launch_c import param_types


def cuda_home():
    """The CUDA toolkit (nvrtc.h and libnvrtc), as tests/cuda/cuda_env.sh finds it."""
    cands = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]
    import shutil
    nvcc = shutil.which("nvcc")
    if nvcc:
        cands.insert(2, os.path.dirname(os.path.dirname(nvcc)))
    for c in cands:
        if c and os.path.isfile(os.path.join(c, "include", "nvrtc.h")):
            return c
    return None


@functools.lru_cache(maxsize=None)
def runtime_lib():
    """runtime/tc_cuda.c as a shared library in the cache (keyed by its source and the toolkit),
    or the one make install built beside an installed package."""
    inst = build.installed()
    if inst and inst.CUDA_RUNTIME_LIB and os.path.exists(inst.CUDA_RUNTIME_LIB):
        return _bind(ctypes.CDLL(inst.CUDA_RUNTIME_LIB))
    home = cuda_home()
    rt = build.runtime_dir()
    if not home or not rt:
        raise DeviceError("tritonc: CUDA tensors need the CUDA toolkit (nvrtc.h, libnvrtc; set "
                          "CUDA_HOME) and the repository's runtime/ folder, or an installed "
                          "lib/libtritonc_cuda.so; none found")
    lib = next((d for d in (os.path.join(home, "lib64"), os.path.join(home, "lib"),
                            os.path.join(home, "targets", "x86_64-linux", "lib"))
                if os.path.exists(os.path.join(d, "libnvrtc.so"))), None)
    if lib is None:
        raise DeviceError(f"tritonc: no libnvrtc.so under {home}")
    cc = os.environ.get("CC", "cc")
    src = os.path.join(rt, "tc_cuda.c")
    with open(src, "rb") as f:
        key = build._key(f.read(), open(os.path.join(rt, "tc_cuda.h"), "rb").read(), home,
                         build.cc_identity(cc))
    out_dir = os.path.join(build.cache_dir(), "cuda-runtime")
    out = os.path.join(out_dir, key + ".so")
    if os.path.exists(out):
        try:
            return _bind(ctypes.CDLL(out))
        except OSError:  # truncated or corrupt on disk: built again below
            os.remove(out)
    if not os.path.exists(out):
        os.makedirs(out_dir, exist_ok=True)
        link = ["-L" + lib, "-Wl,-rpath," + lib]
        stubs = os.path.join(lib, "stubs")
        if os.path.exists(os.path.join(stubs, "libcuda.so")):
            link.append("-L" + stubs)  # link-time only; the driver's libcuda.so.1 at run time
        tmp = out + f".{os.getpid()}.tmp"
        cmd = [cc, "-std=c11", "-O2", "-fPIC", "-shared", "-D_POSIX_C_SOURCE=200809L",
               "-I" + rt, "-I" + os.path.join(home, "include"), src, "-o", tmp] + link + \
              ["-lnvrtc", "-lcuda"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise CCompileError("tritonc: building the CUDA runtime failed:\n" + r.stderr[-4000:])
        os.replace(tmp, out)
    return _bind(ctypes.CDLL(out))


def _bind(dll):
    dll.tc_cuda_load.restype = ctypes.c_void_p
    dll.tc_cuda_load.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                 ctypes.c_char_p, ctypes.c_size_t]
    dll.tc_cuda_launch.restype = ctypes.c_int
    dll.tc_cuda_launch.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint,
                                   ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
                                   ctypes.POINTER(ctypes.c_void_p)]
    return dll


@functools.lru_cache(maxsize=None)
def _libcuda():
    cu = ctypes.CDLL("libcuda.so.1")
    for f in ("cuCtxGetCurrent", "cuDeviceGet", "cuDevicePrimaryCtxRetain", "cuCtxSetCurrent"):
        getattr(cu, f).restype = ctypes.c_int
    return cu


def bind_context(index):
    """Makes device `index`'s primary context (the one torch uses) current on this thread when
    none is: torch does not set it on every thread it runs code on (autograd's backward thread,
    a thread of the program's own), and the driver API needs it there."""
    cu = _libcuda()
    ctx = ctypes.c_void_p()
    if cu.cuCtxGetCurrent(ctypes.byref(ctx)) == 0 and ctx.value:
        return
    dev = ctypes.c_int()
    rc = cu.cuDeviceGet(ctypes.byref(dev), index)
    if rc == 0:
        rc = cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev)
    if rc == 0:
        rc = cu.cuCtxSetCurrent(ctx)
    if rc != 0:
        raise DeviceError(f"tritonc: no CUDA context for device {index} (CUresult {rc})")


class CudaKernel:
    def __init__(self, folder, kernel):
        with open(os.path.join(folder, "kernel.cu")) as f:
            self.text = f.read().encode()
        m = re.search(r"__global__\s+void\s+(?:__launch_bounds__\(\d+\)\s+)?" + re.escape(kernel)
                      + r"_kernel\s*\(([^)]*)\)", self.text.decode())
        if not m:
            raise TritoncError(f"tritonc runner: no {kernel}_kernel in {folder}/kernel.cu")
        self.types = param_types(m.group(1))
        self.symbol = (kernel + "_kernel").encode()
        self.modules = {}  # device index -> loaded module (a module lives in one context)
        self.rt = runtime_lib()

    def module(self, device):
        m = self.modules.get(device)
        if m is None:
            err = ctypes.create_string_buffer(16384)
            m = self.rt.tc_cuda_load(self.text, len(self.text), self.symbol, err, len(err))
            if not m:
                raise CCompileError("tritonc: loading the CUDA kernel failed:\n" +
                                    err.value.decode(errors="replace"))
            self.modules[device] = m
        return m

    def __call__(self, grid, values, tensors):
        import torch
        gx, gy, gz = grid
        if gx <= 0 or gy <= 0 or gz <= 0:
            return
        dev = tensors[0].device if tensors else torch.device("cuda", torch.cuda.current_device())
        with torch.cuda.device(dev):
            stream = torch.cuda.current_stream().cuda_stream
            bind_context(dev.index)
            m = self.module(dev.index)
            boxed = [t(v) for t, v in zip(self.types, values)]
            arr = (ctypes.c_void_p * max(len(boxed), 1))(
                *[ctypes.cast(ctypes.byref(b), ctypes.c_void_p) for b in boxed])
            rc = self.rt.tc_cuda_launch(m, stream, gx, gy, gz, 0, 0, arr)
            if rc != 0:
                raise DeviceError(f"tritonc: cuLaunchKernel failed with CUresult {rc}")
