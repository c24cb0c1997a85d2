#!/bin/sh
# run.sh — tl.dot on the C target against numpy: the tests/cases_pending/dot_*.case kernels
# (examples/matmul.py, bmm.py, linear_gelu.py at sizes that are not multiples of the tiles:
# fp32, fp16, bf16, int8, tl.trans, batched 2-D and 3-D) run through tests/exec/run.sh (ASan+UBSan
# and -O3 -march=native builds) on inputs made as the Triton recorder makes them, with outputs
# from a numpy matrix product (tests/dot/reference.py), until real Triton's recordings replace
# them in tests/cases/. Prints PASS/FAIL lines and "N passed, N failed". Honours TRITONC, CC and
# tests/exec/run.sh's variables: on the GPU machine, the CUDA target under compute-sanitizer:
#   TC_TARGET=cuda TC_CUDA_ARCH=sm_90a TC_SANITIZE=1 sh tests/dot/run.sh 'dot_fp8_*'
# Arguments: the cases to run, as patterns (default every dot_* case). With none, on the C target
# of an AVX-512 machine, the bf16 cases run a second time on the AMX path of runtime section amx
# with its instructions modelled in C (tests/simd/amx_model.h): lines "PASS amx-model NAME".
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
model=0 # all cases asked for, for the C target of an AVX-512 machine whose compiler can target AMX
if [ $# -eq 0 ] && [ "${TC_TARGET:-c}" = c ] && [ -z "${TC_CROSS:-}" ] &&
  grep -qw avx512bw /proc/cpuinfo 2> /dev/null && grep -qw avx512vl /proc/cpuinfo &&
  echo 'int x;' | ${CC:-cc} -march=native -mamx-tile -mamx-bf16 -x c -c - -o /dev/null 2> /dev/null; then
  model=1
fi
[ $# -gt 0 ] || set -- 'dot_*'
TC_CASES_DIR=$tmp/cases TC_DATA_DIR=$tmp bash tests/exec/run.sh "$@" > "$tmp/exec.log" 2>&1
rc=$?
[ $model -eq 1 ] || { cat "$tmp/exec.log"; exit $rc; }
sed '$d' "$tmp/exec.log"
# the bf16 products again on the tile path of runtime section amx, its instructions modelled in
# C (tests/simd/amx_model.h): packing, blocking and K-loop panels of generated kernels
TC_CFLAGS="${TC_CFLAGS:-} -march=native -mamx-tile -mamx-bf16 -DTC_AMX_MODEL -include $PWD/tests/simd/amx_model.h" \
  TC_CASES_DIR=$tmp/cases TC_DATA_DIR=$tmp bash tests/exec/run.sh 'dot_*bf16*' dot_order_nk_bp \
  dot_order_decode_ptr > "$tmp/model.log" 2>&1
rc2=$?
sed -e '$d' -e 's/^\(PASS\|FAIL\) /\1 amx-model /' "$tmp/model.log"
sum() { awk '/^[0-9]+ passed, [0-9]+ failed/ { p = $1; f = $3 } END { print p + 0, f + 0 }' "$1"; }
set -- $(sum "$tmp/exec.log") $(sum "$tmp/model.log")
echo "$(($1 + $3)) passed, $(($2 + $4)) failed"
[ $rc -eq 0 ] && [ $rc2 -eq 0 ]
