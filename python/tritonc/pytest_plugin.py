"""pytest plugin running Triton's own tests through tritonc (`pytest -p tritonc.pytest_plugin`).

- Patches triton before the conftest files and test modules are imported, so every @triton.jit
  kernel they define launches through tritonc (--tritonc-target cuda: the CUDA target through
  NVRTC; c: the C target, CUDA tensors copied to the host and back). After collection,
  torch.compile no longer takes those kernels for Triton's (tritonc.hide_kernels_from_torch_compile);
  the kernels torch.compile generates itself stay Triton's and are compiled by Triton.
- Skips by name the tests listed in --tritonc-skips (one `name  reason` per line; `name@c` or
  `name@cuda` for one target), and at run time
  the tests that read a launch's Triton IR/PTX (pgm.asm[...], metadata, n_regs) or call
  triton.compile on IR text: those test Triton's compiler, not the language. A test skipped at
  such a read after it launched kernels has its launch count recorded ("launched"): every check
  it made before the read passed, and the report counts it apart.
- Appends one JSON line per test (nodeid, function, outcome, cause) to --tritonc-results DIR, and
  with --tritonc-resume deselects the tests already recorded there, so a run cut off by a time
  limit continues where it stopped (tests/conformance/core_report.py makes the report).
- Provides the fixtures Triton's python/test/unit/conftest.py would (device, fresh_triton_cache,
  fresh_knobs) when that conftest is not present; a conftest's own fixtures take precedence."""
import json
import os
import re
import tempfile
import zlib

import pytest

SKIP_IR = "inspects Triton's IR/PTX or compiler internals"
# launches counted at the test's start, and at its IR read (None: no IR read)
_ir_read = {"start": 0, "launches": None}


def pytest_addoption(parser):
    g = parser.getgroup("tritonc")
    g.addoption("--tritonc-target", default=os.environ.get("TRITONC_TARGET", "cuda"),
                choices=("c", "cuda"), help="target of CUDA tensors' launches")
    g.addoption("--tritonc-skips", default=None, help="file of `test_name reason` lines")
    g.addoption("--tritonc-results", default=None, help="folder for the JSON-lines results")
    g.addoption("--tritonc-resume", action="store_true", help="deselect tests already recorded")
    g.addoption("--tritonc-shard", default=None, metavar="I/N",
                help="run only the tests whose node id hashes to I modulo N (0 <= I < N)")


def _load_skips(path):
    skips = {}
    if path and os.path.exists(path):
        for line in open(path):
            line = line.split("#", 1)[0].strip()
            if line:
                name, _, reason = line.partition(" ")
                skips[name] = reason.strip() or "listed"
    return skips


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    """Patches triton before the first conftest.py is imported: a library's conftest often
    imports the library (fla's imports fla.utils, FlagGems' imports flag_gems), whose kernels
    would otherwise be built by the real triton.jit and run under Triton, not through tritonc."""
    os.environ["TRITONC_TARGET"] = early_config.known_args_namespace.tritonc_target
    import tritonc
    tritonc.patch()


def pytest_configure(config):
    config.addinivalue_line("markers", "interpreter: runs under Triton's interpreter too")
    os.environ["TRITONC_TARGET"] = config.getoption("--tritonc-target")
    import tritonc
    from tritonc import build, jit
    mode = tritonc.patch()
    config._tritonc_mode = mode

    def ir_skip(what):
        # how many of this test's launches ran (and passed every check before the read)
        _ir_read["launches"] = build.stats["executed"] - _ir_read["start"]
        pytest.skip(f"{SKIP_IR}: reads {what}")
    jit.ir_hook[0] = ir_skip
    try:
        import triton

        triton_compile = getattr(triton, "compile", None)  # the shim has none

        def compile_skip(src=None, *a, **k):
            # the kernels torch.compile generates (Inductor's), which tritonc.jit leaves to
            # Triton, are compiled by Triton as without tritonc; the program's cannot be
            fn = getattr(src, "fn", None)
            if triton_compile and fn is not None and not isinstance(fn, jit.KernelWrapper) \
                    and jit.torch_kernel(getattr(fn, "fn", fn)):
                return triton_compile(src, *a, **k)
            pytest.skip(f"{SKIP_IR}: calls triton.compile directly")
        triton.compile = compile_skip
        if hasattr(triton, "compiler"):
            triton.compiler.compile = compile_skip
    except ImportError:
        pass
    config._tritonc_skips = _load_skips(config.getoption("--tritonc-skips"))
    out = config.getoption("--tritonc-results")
    config._tritonc_out = None
    if out:
        os.makedirs(out, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        shard = config.getoption("--tritonc-shard")
        if shard:  # shard processes write files of their own
            worker = "shard" + shard.split("/")[0]
        config._tritonc_out = os.path.join(out, f"results-{worker}.jsonl")


def _function(item):
    return getattr(item, "originalname", None) or item.name.split("[", 1)[0]


def pytest_collection_finish(session):
    import tritonc
    tritonc.hide_kernels_from_torch_compile()


def pytest_collection_modifyitems(session, config, items):
    skips = config._tritonc_skips
    target = config.getoption("--tritonc-target")
    for item in items:  # `name` (or `name[params]`) skips on every target, `name@c` on the C target only
        reason = (skips.get(_function(item)) or skips.get(f"{_function(item)}@{target}") or skips.get(item.name)
                  or skips.get(f"{item.name}@{target}"))
        if reason:
            item.add_marker(pytest.mark.skip(reason=f"tritonc skip list: {reason}"))
    out = config.getoption("--tritonc-results")
    if not out:
        _shard(config, items)
        return
    shard = config.getoption("--tritonc-shard") or "0/1"
    if os.environ.get("PYTEST_XDIST_WORKER") in (None, "gw0") and shard.startswith("0/"):
        # one xdist worker / shard process writes it
        with open(os.path.join(out, "collected.txt"), "w") as f:
            f.write("\n".join(i.nodeid for i in items) + "\n")
    _shard(config, items)
    if config.getoption("--tritonc-resume"):
        done = set()
        for name in os.listdir(out):
            if name.startswith("results-"):
                for line in open(os.path.join(out, name)):
                    try:
                        done.add(json.loads(line)["nodeid"])
                    except (ValueError, KeyError):
                        pass
        keep = [i for i in items if i.nodeid not in done]
        if len(keep) != len(items):
            config.hook.pytest_deselected(items=[i for i in items if i.nodeid in done])
            items[:] = keep


def _shard(config, items):
    """--tritonc-shard I/N: keeps the tests whose node id's CRC-32 is I modulo N, so N processes
    with I = 0..N-1 run every test exactly once, whatever order each collects them in."""
    spec = config.getoption("--tritonc-shard")
    if not spec:
        return
    try:
        i, n = (int(v) for v in spec.split("/"))
        assert 0 <= i < n
    except (ValueError, AssertionError):
        raise pytest.UsageError(f"--tritonc-shard={spec}: expected I/N with 0 <= I < N")
    keep, drop = [], []
    for item in items:
        (keep if zlib.crc32(item.nodeid.encode()) % n == i else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _cause(report):
    """A short failure cause to group by: the exception type and its message's first line, with
    numbers and quoted values generalised."""
    text = ""
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None:
        text = crash.message
    else:
        text = str(report.longrepr)
    first = text.strip().split("\n", 1)[0][:300]
    first = re.sub(r"0x[0-9a-fA-F]+", "0x?", first)
    first = re.sub(r"\d+(\.\d+)?", "N", first)
    if "CompilationError" in text or ": error:" in text:
        m = re.search(r"error: ([^\n]*)", text)
        if m:
            first = "tritonc: " + re.sub(r"\d+", "N", m.group(1))[:200]
    return first


def pytest_runtest_logreport(report):
    config = getattr(pytest_runtest_logreport, "config", None)
    out = config._tritonc_out if config else None
    if not out:
        return
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed") or \
            (report.when == "teardown" and report.outcome == "failed"):
        rec = {"nodeid": report.nodeid, "function": report.nodeid.split("::")[-1].split("[")[0],
               "outcome": report.outcome, "when": report.when,
               "target": config.getoption("--tritonc-target"),
               "duration": round(report.duration, 3)}
        if report.outcome == "skipped":
            lr = report.longrepr
            rec["cause"] = lr[2] if isinstance(lr, tuple) and len(lr) == 3 else str(lr)[:300]
            if _ir_read["launches"]:  # skipped at an IR read, after launches whose checks passed
                rec["launched"] = _ir_read["launches"]
        elif report.outcome == "failed":
            rec["cause"] = _cause(report)
        with open(out, "a") as f:
            f.write(json.dumps(rec) + "\n")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    from tritonc import build
    _ir_read["start"] = build.stats["executed"]
    _ir_read["launches"] = None


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    pytest_runtest_logreport.config = session.config


@pytest.fixture
def device(request):
    """'cuda' where torch sees a GPU, else 'cpu': CPU tensors run on the C target."""
    try:
        import torch
        return "cuda" if torch.cuda.is_available() else "cpu"
    except ImportError:
        return "cpu"


@pytest.fixture
def fresh_triton_cache():
    with tempfile.TemporaryDirectory() as tmpdir:
        os.environ["TRITON_CACHE_DIR"] = tmpdir
        try:
            yield tmpdir
        finally:
            os.environ.pop("TRITON_CACHE_DIR", None)


@pytest.fixture
def fresh_knobs():
    import triton
    yield getattr(triton, "knobs", None)
