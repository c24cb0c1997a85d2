"""pytest plugin for Triton's test_core.py::test_scaled_dot (`-p probe_scaled_dot`, with this
folder on PYTHONPATH): each test's torch.testing.assert_close is also measured against the exact
product. The test's reference is torch.matmul of the upcast operands (on the GPU: tensor cores,
fp32 sums in the library's order); the probe also multiplies the same operands in float64.
One JSON line per test to $PROBE_OUT (default probe_scaled_dot.jsonl): the element furthest
outside the tolerance with the kernel's value, the reference's and the exact one, and over the
whole tile the largest distance of the kernel's and of the reference's result from exact.
Run with and without the tritonc plugin to compare tritonc's C target, Triton and torch;
$PROBE_AT ({test: index}) adds the values at another run's element."""
import json
import os

import pytest
import torch

_state = {"node": None, "exact": None}
_matmul = torch.matmul
_assert_close = torch.testing.assert_close


def _probe_matmul(a, b, *args, **kwargs):
    _state["exact"] = _matmul(a.double(), b.double())
    return _matmul(a, b, *args, **kwargs)


def _probe_assert_close(actual, expected, *args, **kwargs):
    exact = _state["exact"]
    try:
        if exact is not None and actual.shape == exact.shape:
            atol, rtol = kwargs.get("atol", 0.0), kwargs.get("rtol", 0.0)
            a, e, x = actual.double(), expected.double(), exact.to(actual.device)
            over = (a - e).abs() - (atol + rtol * e.abs())
            i = int(over.flatten().argmax())
            rec = {"test": _state["node"], "outside": bool(over.flatten()[i] > 0),
                   "index": i, "kernel": float(a.flatten()[i]), "reference": float(e.flatten()[i]),
                   "exact": float(x.flatten()[i]),
                   "kernel_max_from_exact": float((a - x).abs().max()),
                   "reference_max_from_exact": float((e - x).abs().max()),
                   "exact_abs_max": float(x.abs().max())}
            # the values at an element named in $PROBE_AT (a JSON {test: index}: another run's
            # element, to compare two kernels there)
            at = json.loads(os.environ.get("PROBE_AT", "{}")).get(_state["node"])
            if at is not None:
                rec["at"] = {"index": at, "kernel": float(a.flatten()[at]),
                             "reference": float(e.flatten()[at]), "exact": float(x.flatten()[at])}
            with open(os.environ.get("PROBE_OUT", "probe_scaled_dot.jsonl"), "a") as f:
                f.write(json.dumps(rec) + "\n")
    finally:
        _state["exact"] = None
    return _assert_close(actual, expected, *args, **kwargs)


torch.matmul = _probe_matmul
torch.testing.assert_close = _probe_assert_close


@pytest.fixture(autouse=True)
def _probe_node(request):
    _state["node"] = request.node.name
    yield


@pytest.fixture
def device():
    """Triton's conftest's fixture, for a run without it or tritonc's plugin."""
    return "cuda" if torch.cuda.is_available() else "cpu"
