"""tests/runner/run.sh runs this with -p tritonc.pytest_plugin: a kernel of a library that the
conftest imported launches through tritonc, and computes what numpy computes."""
import numpy as np

import minilib


def test_kernel_is_tritonc_s():
    from tritonc import jit
    assert isinstance(minilib.scale_kernel, jit.JITFunction), type(minilib.scale_kernel)


def test_launch_through_tritonc():
    from tritonc import build
    before = build.stats["executed"]
    x = np.arange(100, dtype=np.float32)
    np.testing.assert_array_equal(minilib.scale(x, 2.5), x * np.float32(2.5))
    assert build.stats["executed"] == before + 1
