"""tritonc.patch() over an installed Triton replaces the launch classes where libraries import
them from: triton.runtime.jit.JITFunction (FlagGems checks its scalar functions against it),
triton.runtime.autotuner.Autotuner / Heuristics (fla subclasses Autotuner), besides triton.jit /
autotune / heuristics. The installed Triton is stood in for by a package of the same layout
written here, so the check runs without Triton; no kernel is launched. Then, as the pytest
plugin does once collection has imported the libraries, hide_kernels_from_torch_compile() puts
Triton's JITFunction and Autotuner back where torch.compile looks them up."""
import os
import sys
import tempfile

FILES = {
    "triton/__init__.py": "from .runtime.jit import jit, JITFunction\n"
                          "from .runtime.autotuner import autotune, heuristics, Config\n"
                          "from . import runtime, language\n__version__ = '3.6.0'\n",
    "triton/language.py": "constexpr = int\n",
    "triton/runtime/__init__.py": "from .jit import JITFunction\n"
                                  "from .autotuner import Autotuner, Heuristics\n",
    "triton/runtime/jit.py": "class JITFunction:\n    def __init__(self, fn):\n"
                             "        self.fn = fn\n\n\ndef jit(fn, **kw):\n"
                             "    return JITFunction(fn)\n",
    "triton/runtime/autotuner.py": "class Autotuner:\n    pass\n\n\nclass Heuristics:\n    pass\n\n\n"
                                   "class Config:\n    pass\n\n\ndef autotune(**k):\n"
                                   "    return Autotuner\n\n\ndef heuristics(v):\n"
                                   "    return Heuristics\n",
    # a library, imported after the patch, in the ways fla and FlagGems import these names
    "minilib.py": "import triton\nfrom triton.runtime.jit import JITFunction\n"
                  "from triton.runtime.autotuner import Autotuner\n\n\n"
                  "class LibTuner(Autotuner):\n    pass\n\n\n@triton.jit\n"
                  "def k(x):\n    pass\n\n\nIS_JIT = isinstance(k, JITFunction)\n",
    # torch's own Triton code, which stays Triton's: a helper of a torch module, and a kernel
    # torch.compile generated into its cache folder (torch stood in for too)
    "torch/__init__.py": "",
    "torch/_inductor/__init__.py": "",
    "torch/_inductor/runtime/__init__.py": "",
    "torch/_inductor/runtime/cache_dir_utils.py": "import os\n\n\ndef cache_dir():\n"
        "    return os.path.join(os.path.dirname(__file__), 'inductor_cache')\n",
    "torch/_inductor/runtime/triton_helpers.py": "import triton\n\n\n@triton.jit\n"
                                                "def helper(x):\n    return x\n",
    "torch/_inductor/runtime/inductor_cache/ab/cabc.py": "import triton\n\n\n@triton.jit\n"
                                                         "def triton_poi_fused(x):\n    pass\n",
}
root = tempfile.mkdtemp()
for name, text in FILES.items():
    os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
    with open(os.path.join(root, name), "w") as f:
        f.write(text)
sys.path.insert(0, root)
os.environ.pop("TRITONC_SHIM", None)

import tritonc  # noqa: E402
from tritonc import jit as J  # noqa: E402

assert tritonc.patch() == "triton"
import triton  # noqa: E402
import triton.runtime.autotuner as A  # noqa: E402
import triton.runtime.jit as RJ  # noqa: E402
import minilib  # noqa: E402

assert triton.__file__.startswith(root), triton.__file__
want = {(RJ, "JITFunction"): J.JITFunction, (RJ, "jit"): J.jit, (A, "Autotuner"): J.Autotuner,
        (A, "Heuristics"): J.Heuristics, (A, "autotune"): J.autotune,
        (A, "heuristics"): J.heuristics, (triton.runtime, "JITFunction"): J.JITFunction,
        (triton.runtime, "Autotuner"): J.Autotuner, (triton, "jit"): J.jit}
for (mod, name), obj in want.items():
    assert getattr(mod, name) is obj, f"{mod.__name__}.{name} is {getattr(mod, name)!r}"
assert minilib.IS_JIT and isinstance(minilib.k, J.JITFunction)
assert issubclass(minilib.LibTuner, J.Autotuner)
assert A.Config.__module__ == "triton.runtime.autotuner"  # what tritonc does not replace stays
import importlib.util  # noqa: E402
import torch._inductor.runtime.cache_dir_utils as cdu  # noqa: E402
import torch._inductor.runtime.triton_helpers as th  # noqa: E402

spec = importlib.util.spec_from_file_location("cabc", os.path.join(cdu.cache_dir(), "ab", "cabc.py"))
generated = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generated)
for f in (th.helper, generated.triton_poi_fused):
    assert type(f) is J.triton_jitfunction[0], f"{f!r} is not Triton's"
    assert type(f).__module__ == "triton.runtime.jit"
    assert not isinstance(f, J.JITFunction) and J.torch_kernel(f.fn)
assert not J.torch_kernel(minilib.k.fn)
# after the libraries are imported, torch.compile must find Triton's own classes where it looks
# (else it hands tritonc's kernels to Inductor); what the libraries bound stays tritonc's
originals = {name: getattr(mod, name) for mod, name in ((RJ, "JITFunction"), (A, "Autotuner"))}
tritonc.hide_kernels_from_torch_compile()
assert RJ.JITFunction.__module__ == "triton.runtime.jit", RJ.JITFunction
assert A.Autotuner.__module__ == "triton.runtime.autotuner", A.Autotuner
assert originals["JITFunction"] is J.JITFunction and originals["Autotuner"] is J.Autotuner
assert triton.runtime.JITFunction is J.JITFunction and triton.jit is J.jit
assert A.autotune is J.autotune and A.Heuristics is J.Heuristics
assert isinstance(minilib.k, J.JITFunction) and issubclass(minilib.LibTuner, J.Autotuner)
print("patch_modules ok")
