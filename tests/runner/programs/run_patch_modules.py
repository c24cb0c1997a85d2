"""tritonc.patch() over an installed Triton replaces the launch classes where libraries import
them from: triton.runtime.jit.JITFunction (FlagGems checks its scalar functions against it),
triton.runtime.autotuner.Autotuner / Heuristics (fla subclasses Autotuner), besides triton.jit /
autotune / heuristics. The installed Triton is stood in for by a package of the same layout
written here, so the check runs without Triton; no kernel is launched."""
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
    "triton/runtime/jit.py": "class JITFunction:\n    pass\n\n\ndef jit(fn):\n"
                             "    return JITFunction()\n",
    "triton/runtime/autotuner.py": "class Autotuner:\n    pass\n\n\nclass Heuristics:\n    pass\n\n\n"
                                   "class Config:\n    pass\n\n\ndef autotune(**k):\n"
                                   "    return Autotuner\n\n\ndef heuristics(v):\n"
                                   "    return Heuristics\n",
    # a library, imported after the patch, in the ways fla and FlagGems import these names
    "minilib.py": "import triton\nfrom triton.runtime.jit import JITFunction\n"
                  "from triton.runtime.autotuner import Autotuner\n\n\n"
                  "class LibTuner(Autotuner):\n    pass\n\n\n@triton.jit\n"
                  "def k(x):\n    pass\n\n\nIS_JIT = isinstance(k, JITFunction)\n",
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
print("patch_modules ok")
