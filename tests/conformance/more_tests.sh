#!/bin/sh
# more_tests.sh — on the GPU machine: Triton's other language test files beside test_core.py
# (test_standard.py, test_tuple.py, test_block_pointer.py, test_random.py,
# test_tensor_descriptor.py from python/test/unit/language/, not in the repository: put them and
# test_core.py, which they import, in one folder) run with pytest through tritonc's plugin, for
# each target, each file under a time limit; results and report under $OUT/more.
#   sh tests/conformance/more_tests.sh DIR [SECONDS_PER_FILE]
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
DIR=${1:?usage: more_tests.sh DIR [SECONDS_PER_FILE]}
SECS=${2:-60}
OUT=${OUT:-build/more}
mkdir -p "$OUT/res" && OUT=$(cd "$OUT" && pwd)
export PYTHONPATH=$ROOT/python${PYTHONPATH:+:$PYTHONPATH}
export TRITONC=${TRITONC:-$ROOT/bin/tritonc-static} TRITONC_CFLAGS=${TRITONC_CFLAGS:--O1}
X=""; python3 -c "import xdist" 2>/dev/null && X="-n ${JOBS:-16}"
cd "$DIR" || exit 2
for t in ${TARGETS:-cuda c}; do
  for f in ${FILES:-test_standard.py test_tuple.py test_block_pointer.py test_random.py test_tensor_descriptor.py}; do
    [ -f "$f" ] || continue
    # shellcheck disable=SC2086
    timeout -k 10 "$SECS" python3 -m pytest -q -p no:cacheprovider $X -p tritonc.pytest_plugin \
      --tritonc-target="$t" --tritonc-skips="$ROOT/tests/conformance/test_core_skips.txt" \
      --tritonc-results="$OUT/res/$t" "$f" > "$OUT/${t}_${f%.py}.log" 2>&1
    echo "$t $f: $(tail -n 1 "$OUT/${t}_${f%.py}.log")"
  done
done
python3 "$ROOT/tests/conformance/core_report.py" "$OUT/res" "$OUT/report" > /dev/null
