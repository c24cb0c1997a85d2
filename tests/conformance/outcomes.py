"""pytest plugin (`-p outcomes`, with this folder on PYTHONPATH): appends one JSON line per test
to $OUTCOMES_FILE as each test ends: nodeid, outcome (passed, failed, skipped, error) and, for a
failure or skip, the last line of its report, which names the cause. Written by the controlling
process only (pytest-xdist workers report to it), and line by line, so a run stopped by a time
limit keeps every test that finished. With OUTCOMES_RESUME=1 the tests the file already records
as passed or skipped are deselected, so a later run continues where one stopped and retries the
failures (a test's last line counts). lib_report.py reads these files."""
import json
import os

_seen = set()


def _cause(report):
    text = getattr(report, "longreprtext", "") or ""
    if report.skipped and isinstance(report.longrepr, tuple):
        text = str(report.longrepr[2])
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    # the exception's lines (pytest marks them "E   "), without caret lines: its first (the
    # message) and, when it differs, its last
    errs = [ln[1:].strip() for ln in lines if ln.startswith("E ")]
    errs = [e for e in errs if e.strip("^~ ")]
    if errs:
        pick = errs[0] if len(errs) == 1 else errs[0] + " | " + errs[-1]
    else:
        pick = lines[-1] if lines else ""
    return pick[:400]


def pytest_collection_modifyitems(config, items):
    path = os.environ.get("OUTCOMES_FILE")
    if os.environ.get("OUTCOMES_RESUME") != "1" or not path or not os.path.exists(path):
        return
    done = {}
    for line in open(path):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        done[r["nodeid"]] = r["outcome"]
    keep = [it for it in items if done.get(it.nodeid) not in ("passed", "skipped")]
    gone = [it for it in items if done.get(it.nodeid) in ("passed", "skipped")]
    if gone:
        config.hook.pytest_deselected(items=gone)
        items[:] = keep


def pytest_runtest_logreport(report):
    path = os.environ.get("OUTCOMES_FILE")
    if not path or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        outcome = report.outcome
        if report.when == "setup" and report.failed:
            outcome = "error"
    elif report.when == "teardown" and report.failed and report.nodeid not in _seen:
        outcome = "error"
    else:
        return
    if report.nodeid in _seen:
        return
    _seen.add(report.nodeid)
    rec = {"nodeid": report.nodeid, "outcome": outcome}
    if outcome != "passed":
        rec["cause"] = _cause(report)
    with open(path, "a") as f:
        f.write(json.dumps(rec) + "\n")
