#!/bin/bash
# libtests.sh OUT LIBROOT TIMEOUT MODE... -- PYTEST_ARGS...
# A published library's own pytest suite (unmodified, its sources under LIBROOT/src or LIBROOT)
# run once per MODE on the GPU machine:
#   triton  real Triton (the baseline)
#   cuda    every kernel launch through tritonc's runner, CUDA target (NVRTC)
#   c       every kernel launch through tritonc's runner, C target (CUDA tensors copied to the
#           host and back around each launch)
# Each mode writes OUT/MODE.jsonl (one line per finished test, tests/conformance/outcomes.py) and
# OUT/MODE.log; a mode is stopped after TIMEOUT seconds (every test that finished is kept). tests/conformance/lib_report.py compares the modes test by test.
# Needs pytest and pytest-xdist; TRITONC (the translator) for the tritonc modes; LIBTESTS_WORKERS
# (default 8) parallel pytest workers (LIBTESTS_SPLIT=files: that many pytest processes, one per
# test file, for a suite whose conftest breaks under pytest-xdist); PYTHON (default python3); OUTCOMES_RESUME=1 keeps OUT's
# records and runs only the tests they do not record as passed or skipped.
set -u
out=$1 root=$2 limit=$3; shift 3
modes=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do modes+=("$1"); shift; done
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
src=$root; [ -d "$root/src" ] && src=$root/src
export PYTHONPATH="$here/python:$here/tests/conformance:$src:$root${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
w=${LIBTESTS_WORKERS:-8}
for m in "${modes[@]}"; do
  case $m in
    triton) plug=() ;;
    cuda|c) plug=(-p tritonc.pytest_plugin --tritonc-target "$m") ;;
    *) echo "libtests.sh: unknown mode $m" >&2; exit 2 ;;
  esac
  start=$(date +%s)
  [ "${OUTCOMES_RESUME:-}" = 1 ] || rm -f "$out/$m.jsonl"
  if [ "${LIBTESTS_SPLIT:-}" = files ]; then
    # one pytest process per test file, LIBTESTS_WORKERS at a time, for suites whose conftest
    # does not run under pytest-xdist; each file's records go to the same OUT/MODE.jsonl
    files=() args=()
    for a in "$@"; do case $a in *.py) files+=("$a") ;; *) args+=("$a") ;; esac; done
    (cd "$root" && printf '%s\n' "${files[@]}" | OUTCOMES_FILE="$out/$m.jsonl" timeout -k 10 "$limit" \
       xargs -P "$w" -I{} "${PYTHON:-python3}" -m pytest -q -p no:cacheprovider -p outcomes "${plug[@]}" {} "${args[@]}") \
       > "$out/$m.log" 2>&1
  else
    (cd "$root" && OUTCOMES_FILE="$out/$m.jsonl" timeout -k 10 "$limit" "${PYTHON:-python3}" -m pytest -q \
       -p no:cacheprovider -p outcomes -n "$w" "${plug[@]}" "$@") > "$out/$m.log" 2>&1
  fi
  rc=$?
  echo "$m: exit $rc after $(( $(date +%s) - start )) s, $(wc -l < "$out/$m.jsonl" 2>/dev/null || echo 0) tests; $(tail -1 "$out/$m.log")"
done
