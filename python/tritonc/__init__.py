"""tritonc's runner: unmodified Triton programs, every kernel launch translated by tritonc.

    python3 -m tritonc PROGRAM.py [ARGS...]     # run a program
    python3 -m tritonc --cache-dir              # print the kernel cache's folder

or in-process: `import tritonc; tritonc.patch()` before the program imports triton. With Triton
installed, triton.jit / autotune / heuristics / JITFunction are replaced by the runner's; without
it, the runner's own `triton` package (tritonc/shim/) provides them. CPU tensors and numpy arrays
run on the C target, CUDA tensors on the CUDA target (NVRTC) on torch's current stream."""
import importlib.util
import os
import sys
import types

from .errors import (CompilationError, OutOfResources, CCompileError, DeviceError, ArgumentError,  # noqa: F401
                     TritoncError)
from .build import stats, cache_dir  # noqa: F401

__version__ = "0.1.0"
SHIM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shim")
_patched = []
_triton_classes = {}  # (module, name) -> Triton's own class, where patch() replaced it


def _real_triton_available():
    if SHIM_DIR in sys.path:
        return "triton" in sys.modules and not getattr(sys.modules["triton"], "__tritonc_shim__",
                                                       False)
    try:
        return importlib.util.find_spec("triton") is not None
    except (ImportError, ValueError):
        return False


def patch(classes=True):
    """Routes every triton.jit kernel launch through tritonc from now on. Returns 'triton' when
    it patched an installed Triton, 'shim' when it provided its own triton package.
    classes=False leaves the classes in triton.runtime.jit and triton.runtime.autotuner as they
    are: a script that also launches real Triton kernels in the same process needs that, since
    Triton's own jit.py looks those names up when it launches."""
    if _patched:
        return _patched[0]
    if os.environ.get("TRITONC_SHIM") != "1" and _real_triton_available():
        import triton
        from . import jit as J
        names = {"jit": J.jit, "autotune": J.autotune, "heuristics": J.heuristics,
                 "JITFunction": J.JITFunction}
        for k, v in names.items():
            setattr(triton, k, v)
        rt = getattr(triton, "runtime", None)
        if rt is not None:
            for k, v in dict(names, Autotuner=J.Autotuner, Heuristics=J.Heuristics).items():
                # triton.runtime.jit is the submodule jit.py, not the decorator: keep it
                if hasattr(rt, k) and not isinstance(getattr(rt, k), types.ModuleType):
                    setattr(rt, k, v)
        # the modules that define them: libraries import the classes from there (fla's
        # autotuner subclasses triton.runtime.autotuner.Autotuner; FlagGems checks its scalar
        # functions against triton.runtime.jit.JITFunction)
        classes = dict(names, Autotuner=J.Autotuner, Heuristics=J.Heuristics) if classes else {}
        for modname in ("triton.runtime.autotuner", "triton.runtime.jit") if classes else ():
            mod = sys.modules.get(modname)
            if mod is None:
                try:
                    mod = importlib.import_module(modname)
                except ImportError:
                    continue
            for k, v in classes.items():
                if hasattr(mod, k):
                    _triton_classes[(modname, k)] = getattr(mod, k)
                    setattr(mod, k, v)
        # torch's own kernels stay Triton's (jit.torch_kernel)
        J.triton_jitfunction[0] = _triton_classes.get(("triton.runtime.jit", "JITFunction"))
        _patched.append("triton")
    else:
        for k in [k for k in sys.modules if k == "triton" or k.startswith("triton.")]:
            del sys.modules[k]
        sys.path.insert(0, SHIM_DIR)
        _patched.append("shim")
    return _patched[0]


# what torch.compile imports, each time it traces, to recognise a Triton kernel
_TORCH_COMPILE_LOOKUPS = (("triton.runtime.jit", "JITFunction"),
                          ("triton.runtime.autotuner", "Autotuner"))


def hide_kernels_from_torch_compile():
    """Once the libraries are imported (they bind triton.runtime.jit.JITFunction and
    triton.runtime.autotuner.Autotuner at import, to subclass or to check kernels against),
    puts Triton's own classes back in those two places. torch.compile looks them up there each
    time it traces a call: a kernel it takes for Triton's it hands to Inductor, which compiles it
    with Triton's compiler (fla's tests: "'JITFunction' object has no attribute
    'create_binder'"); tritonc's kernels are then objects it does not know, and their launches,
    which Dynamo is told not to trace, run through tritonc between the compiled parts."""
    if _patched != ["triton"]:
        return
    for (modname, name) in _TORCH_COMPILE_LOOKUPS:
        if (modname, name) in _triton_classes:
            setattr(sys.modules[modname], name, _triton_classes[(modname, name)])
    try:
        import torch._dynamo as dynamo
    except ImportError:
        return
    from . import jit as J
    for cls in (J.KernelWrapper, J.JITFunction, J.Autotuner, J.Heuristics):
        for meth in ("__getitem__", "run"):
            f = cls.__dict__.get(meth)
            if f is not None and not getattr(f, "_tritonc_no_trace", False):
                f = dynamo.disable(f)
                f._tritonc_no_trace = True
                setattr(cls, meth, f)
