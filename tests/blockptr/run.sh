#!/bin/sh
# run.sh — block pointers and tensor descriptors on the C target against numpy: the
# tests/cases_pending/{bp,desc}_*.case kernels (tests/conformance/kernels/block_ptr.py: partial
# tiles checked in one or both dimensions, NaN padding, a block pointer advanced in a loop inside
# a @triton.jit helper, a transposing destination, a descriptor copy) run through
# tests/exec/run.sh (ASan+UBSan and -O3 -march=native builds) on inputs made as the Triton
# recorder makes them, with outputs from tests/dot/reference.py (numpy), until real Triton's
# recordings replace them in tests/cases/ (tests/blockptr/cases/: bp_while_if, a block pointer
# carried by a while loop through a runtime if, on which Triton 3.6's compiler fails: numpy
# stays its oracle). The block-pointer matmul (dot_bp_*) runs in
# tests/dot/run.sh. Prints PASS/FAIL lines and "N passed, N failed". Honours TRITONC, CC.
cd "$(dirname "$0")/../.." || exit 2
PY=${PYTHON:-python3}
$PY -c 'import numpy' 2> /dev/null || PY=/usr/bin/python3
if ! $PY -c 'import numpy' 2> /dev/null; then
  echo "SKIP blockptr (python3 numpy missing)"; echo "0 passed, 0 failed"; exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/blockptr.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/cases"
for p in bp desc; do
  cp tests/cases/${p}_*.case tests/cases_pending/${p}_*.case tests/blockptr/cases/${p}_*.case "$tmp/cases/" 2> /dev/null
done
cases=$(ls "$tmp"/cases/*.case 2> /dev/null)
if [ -z "$cases" ]; then echo "0 passed, 0 failed"; exit 0; fi
# shellcheck disable=SC2086
if ! $PY tests/dot/reference.py "$tmp" $cases 2> "$tmp/ref.log"; then
  echo "FAIL blockptr reference ($(tail -n 1 "$tmp/ref.log"))"; echo "0 passed, 1 failed"; exit 1
fi
TC_CASES_DIR=$tmp/cases TC_DATA_DIR=$tmp bash tests/exec/run.sh 'bp_*' 'desc_*'
