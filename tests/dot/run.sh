#!/bin/sh
# run.sh — tl.dot on the C target against numpy: the tests/cases_pending/dot_*.case kernels
# (examples/matmul.py, bmm.py, linear_gelu.py at sizes that are not multiples of the tiles:
# fp32, fp16, bf16, int8, tl.trans, batched 2-D and 3-D) run through tests/exec/run.sh (ASan+UBSan
# and -O3 -march=native builds) on inputs made as the Triton recorder makes them, with outputs
# from a numpy matrix product (tests/dot/reference.py), until real Triton's recordings replace
# them in tests/cases/. Prints PASS/FAIL lines and "N passed, N failed". Honours TRITONC, CC and
# tests/exec/run.sh's variables: on the GPU machine, the CUDA target under compute-sanitizer:
#   TC_TARGET=cuda TC_CUDA_ARCH=sm_90a TC_SANITIZE=1 sh tests/dot/run.sh 'dot_fp8_*'
# Arguments: the cases to run, as patterns (default every dot_* case).
cd "$(dirname "$0")/../.." || exit 2
PY=${PYTHON:-python3}
# the python3 first in PATH may lack numpy where the system's has it
$PY -c 'import numpy' 2> /dev/null || PY=/usr/bin/python3
if ! $PY -c 'import numpy' 2> /dev/null; then
  echo "SKIP dot (python3 numpy missing)"; echo "0 passed, 0 failed"; exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dot.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
# the dot cases, recorded (tests/cases) or not yet (tests/cases_pending): numpy is a second oracle
mkdir -p "$tmp/cases"
cp tests/cases/dot_*.case tests/cases_pending/dot_*.case "$tmp/cases/" 2> /dev/null
cases=$(ls "$tmp"/cases/dot_*.case 2> /dev/null)
if [ -z "$cases" ]; then echo "0 passed, 0 failed"; exit 0; fi
# shellcheck disable=SC2086
if ! $PY tests/dot/reference.py "$tmp" $cases 2> "$tmp/ref.log"; then
  echo "FAIL dot reference ($(tail -n 1 "$tmp/ref.log"))"; echo "0 passed, 1 failed"; exit 1
fi
[ $# -gt 0 ] || set -- 'dot_*'
TC_CASES_DIR=$tmp/cases TC_DATA_DIR=$tmp bash tests/exec/run.sh "$@"
