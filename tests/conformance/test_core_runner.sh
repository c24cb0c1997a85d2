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
#   JOBS         pytest-xdist workers when xdist is installed (default: the number of cores)
#   OUT          where report.md / report.json go (the device machine sets $OUT; default
#                build/core/report)
#   TRITONC      translator (default bin/tritonc, else bin/tritonc-static)
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
OUT=${OUT:-build/core/report}
PY=${PYTHON:-python3}
RES=build/core
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
XDIST=""
if $PY -c "import xdist" >/dev/null 2>&1; then XDIST="-n ${JOBS:-$(nproc)}"; fi
echo "# tritonc $($TRITONC --version 2>&1 | head -n 1); $($PY -c 'import triton, torch; print("triton", triton.__version__, "torch", torch.__version__)' 2>&1 | tail -n 1); xdist: ${XDIST:-no}"

start=$(date +%s)
for t in $TARGETS; do
  left=$((BUDGET_S - ($(date +%s) - start)))
  [ $left -gt 20 ] || { echo "# $t: no time left in this call; run the script again to resume"; continue; }
  echo "# target $t: pytest for at most ${left}s"
  # shellcheck disable=SC2086
  TRITONC_CFLAGS="${TRITONC_CFLAGS:--O1}" timeout -k 10 "$left" $PY -m pytest -q -p no:cacheprovider \
    -p tritonc.pytest_plugin --tritonc-target="$t" --tritonc-skips=tests/conformance/test_core_skips.txt \
    --tritonc-results="$RES/$t" --tritonc-resume $XDIST "$TEST" "$@" > "$RES/pytest-$t.log" 2>&1
  echo "# target $t: pytest exit $? (log $RES/pytest-$t.log)"
  tail -n 3 "$RES/pytest-$t.log"
done
$PY tests/conformance/core_report.py "$RES" "$OUT"
for t in $TARGETS; do [ -f "$RES/pytest-$t.log" ] && tail -n 200 "$RES/pytest-$t.log" > "$OUT/pytest-$t.tail.log"; done
exit 0
