#!/bin/sh
# probe_scaled_dot.sh — on the GPU machine: Triton's test_scaled_dot cases with e4m3 operands
# (test_core.py, not in the repository: its path is the first argument) through tritonc's C
# target and through real Triton, each measured against the exact product of the same upcast
# operands by probe_scaled_dot.py. Writes $OUT/probe_c.jsonl, $OUT/probe_triton.jsonl and a
# summary.   sh tests/conformance/probe_scaled_dot.sh build/test_core.py [-k EXPR]
set -u
cd "$(dirname "$0")/../.." || exit 2
TEST=${1:?usage: probe_scaled_dot.sh PATH/TO/test_core.py [PYTEST ARGS]}
shift
OUT=${OUT:-build/probe}
mkdir -p "$OUT"
K=${K:-test_scaled_dot and e4m3}
X=""; python3 -c "import xdist" 2>/dev/null && X="-n ${JOBS:-16}"
export PYTHONPATH=$PWD/python:$PWD/tests/conformance${PYTHONPATH:+:$PYTHONPATH}
PROBE_OUT=$OUT/probe_c.jsonl TRITONC_TARGET=c python3 -m pytest -q -p no:cacheprovider $X \
  -p tritonc.pytest_plugin --tritonc-target=c -p probe_scaled_dot -k "$K" "$@" "$TEST" \
  > "$OUT/probe_c.log" 2>&1
tail -n 1 "$OUT/probe_c.log"
# Triton's values at the elements where the C target's were outside the tolerance
PROBE_AT=$(python3 -c "import json, sys; print(json.dumps({r['test']: r['index'] for r in map(json.loads, open(sys.argv[1])) if r['outside']}))" "$OUT/probe_c.jsonl" 2>/dev/null || echo "{}")
export PROBE_AT
PROBE_OUT=$OUT/probe_triton.jsonl python3 -m pytest -q -p no:cacheprovider $X -p probe_scaled_dot \
  -k "$K" "$@" "$TEST" > "$OUT/probe_triton.log" 2>&1
tail -n 1 "$OUT/probe_triton.log"
python3 - "$OUT" <<'PY'
import json, os, sys
out = sys.argv[1]
def load(n):
    p = os.path.join(out, n)
    return {r["test"]: r for r in map(json.loads, open(p))} if os.path.exists(p) else {}
c, t = load("probe_c.jsonl"), load("probe_triton.jsonl")
for name, recs in (("tritonc C target", c), ("Triton", t)):
    n = len(recs)
    outside = [r for r in recs.values() if r["outside"]]
    closer = sum(r["kernel_max_from_exact"] <= r["reference_max_from_exact"] for r in recs.values())
    print(f"{name}: {n} tests, {len(outside)} outside the tolerance; kernel at least as close to "
          f"the exact product as torch's reference (largest distance over the tile) in {closer}")
    for r in outside:
        tr = t.get(r["test"], {}).get("at", {})
        print(f"  {r['test']}: element {r['index']}: kernel {r['kernel']!r}, reference "
              f"{r['reference']!r}, exact {r['exact']!r}; Triton's kernel there {tr.get('kernel')!r}; "
              f"largest |kernel - exact| {r['kernel_max_from_exact']:.3g}, |reference - exact| "
              f"{r['reference_max_from_exact']:.3g}, |exact| up to {r['exact_abs_max']:.3g}")
PY
