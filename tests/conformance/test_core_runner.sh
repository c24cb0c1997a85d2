#!/bin/sh
# test_core_runner.sh — Triton's own python/test/unit/language/test_core.py run with pytest
# through tritonc's runner (python/tritonc/pytest_plugin.py), on the GPU machine (Triton + torch
# with CUDA), for the CUDA target (NVRTC) and the C target (CUDA tensors copied to the host and
# back). test_core.py is not in the repository: pass its path (from triton-lang/triton at the
# release of the installed Triton).
#
#   sh tests/conformance/test_core_runner.sh PATH/TO/test_core.py [PYTEST ARGS...]
#
# Environment:
#   TARGETS      targets to run, in order (default "cuda c")
#   BUDGET_S     seconds of pytest per call, shared by the targets (default 540: one device
#                command is limited to 600 s). Results accumulate in build/core/TARGET/ and a
#                later call resumes where the previous one stopped; FRESH=1 starts over.
#   JOBS         parallel pytest processes (default: the number of cores): pytest-xdist
#                workers when xdist is installed, else JOBS processes each running one shard
#                (--tritonc-shard=I/JOBS, by a hash of the test's node id)
#   PYTHON       interpreter (default: the first of python3, /usr/bin/python3 that imports torch)
#   OUT          where report.md / report.json go (the device machine sets $OUT; default
#                build/core/report)
#   TRITONC      translator (default bin/tritonc, else bin/tritonc-static)
#   RESULTS      results folder (default build/core)
# Kernels are cached under build/core/cache (TRITONC_CACHE_DIR), so a resumed run reuses them.
# The C target builds with -O1 here (TRITONC_CFLAGS) to keep compile time down.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TEST=${1:?usage: test_core_runner.sh PATH/TO/test_core.py [PYTEST ARGS...]}
shift
TEST=$(cd "$(dirname "$TEST")" && pwd)/$(basename "$TEST")
TARGETS=${TARGETS:-cuda c}
BUDGET_S=${BUDGET_S:-540}
OUT=${OUT:-${RESULTS:-build/core}/report}
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  for p in python3 /usr/bin/python3; do
    if $p -c "import torch, numpy, pytest" >/dev/null 2>&1; then PY=$p; break; fi
  done
  [ -n "$PY" ] || { echo "no python3 with torch, numpy and pytest (Debian: python3-torch python3-numpy python3-pytest)"; exit 2; }
fi
RES=${RESULTS:-build/core}
[ "${FRESH:-0}" = 1 ] && rm -rf "$RES"
mkdir -p "$RES" "$OUT" || exit 2

if [ -z "${TRITONC:-}" ]; then
  if bin/tritonc --version >/dev/null 2>&1; then TRITONC=$ROOT/bin/tritonc
  elif [ -x bin/tritonc-static ]; then TRITONC=$ROOT/bin/tritonc-static
  else echo "no working bin/tritonc or bin/tritonc-static (make bin/tritonc-static)"; exit 2; fi
fi
export TRITONC
export TRITONC_CACHE_DIR=$ROOT/$RES/cache
export PYTHONPATH=$ROOT/python${PYTHONPATH:+:$PYTHONPATH}
JOBS=${JOBS:-$(nproc)}
XDIST=""
if $PY -c "import xdist" >/dev/null 2>&1; then XDIST="-n $JOBS"; fi
echo "# tritonc $($TRITONC --version 2>&1 | head -n 1); $($PY -c 'import tritonc; tritonc.patch(); import triton, torch; print("triton", triton.__version__, "(tritonc shim)" if getattr(triton, "__tritonc_shim__", 0) else "", "torch", torch.__version__, "cuda" if torch.cuda.is_available() else "no cuda")' 2>&1 | tail -n 1); xdist: ${XDIST:-no, $JOBS shard processes}"

# pytest_one TARGET SECONDS LOG [ARGS...]: one pytest process
pytest_one() {
  _t=$1 _s=$2 _log=$3
  shift 3
  # shellcheck disable=SC2086
  TRITONC_CFLAGS="${TRITONC_CFLAGS:--O1}" timeout -k 10 "$_s" $PY -m pytest -q -p no:cacheprovider \
    -p tritonc.pytest_plugin --tritonc-target="$_t" --tritonc-skips=tests/conformance/test_core_skips.txt \
    --tritonc-results="$RES/$_t" --tritonc-resume "$@" > "$_log" 2>&1
}

start=$(date +%s)
for t in $TARGETS; do
  left=$((BUDGET_S - ($(date +%s) - start)))
  [ $left -gt 20 ] || { echo "# $t: no time left in this call; run the script again to resume"; continue; }
  echo "# target $t: pytest for at most ${left}s"
  if [ -n "$XDIST" ] || [ "$JOBS" -le 1 ]; then
    # shellcheck disable=SC2086
    pytest_one "$t" "$left" "$RES/pytest-$t.log" $XDIST "$TEST" "$@"
    echo "# target $t: pytest exit $? (log $RES/pytest-$t.log)"
  else
    i=0
    while [ $i -lt "$JOBS" ]; do
      pytest_one "$t" "$left" "$RES/pytest-$t.$i.log" --tritonc-shard="$i/$JOBS" "$TEST" "$@" &
      i=$((i + 1))
    done
    wait
    i=0
    : > "$RES/pytest-$t.log"
    while [ $i -lt "$JOBS" ]; do
      { echo "## shard $i/$JOBS"; cat "$RES/pytest-$t.$i.log"; } >> "$RES/pytest-$t.log"
      echo "# target $t shard $i/$JOBS: $(tail -n 1 "$RES/pytest-$t.$i.log")"
      rm -f "$RES/pytest-$t.$i.log"
      i=$((i + 1))
    done
    echo "# target $t: log $RES/pytest-$t.log"
  fi
  tail -n 3 "$RES/pytest-$t.log"
done
$PY tests/conformance/core_report.py "$RES" "$OUT"
for t in $TARGETS; do [ -f "$RES/pytest-$t.log" ] && tail -n 200 "$RES/pytest-$t.log" > "$OUT/pytest-$t.tail.log"; done
exit 0
