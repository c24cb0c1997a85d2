#!/bin/sh
# run.sh — tl.dot_scaled on the C target against numpy: the tests/cases_pending/mx_*.case kernels
# (tests/conformance/kernels/dot_scaled.py: every format pair of Triton's test_scaled_dot, e2m1 x
# e2m1, unscaled, lhs or rhs scaled, row- and column-major operands, masked M/N/K tails; fp4
# packed along M or N (lhs_k_pack/rhs_k_pack=False); batched 3-D operands) run
# through tests/exec/run.sh (ASan+UBSan and -O3 -march=native builds) on inputs made as the
# Triton recorder makes them, with outputs from tests/dot_scaled/reference.py (the MX formats
# decoded in numpy, a float64 product), until real Triton's recordings replace them in
# tests/cases/ (tests/dot_scaled/cases/ holds the forms Triton 3.6 cannot run, so numpy stays
# their oracle: batched 3-D operands, which it rejects ('lhs_scale must be a tensor of shape
# [32, 2]'), and fp4 packed along M or N, on which its compiler asserts in MMAv2.cpp); then an IR check: without fast_math a scale byte 0xFF selects NaN, with it no
# select is made; int8 scales give the IR of uint8 ones (the positioned errors are goldens:
# tests/golden/err_dot_scaled_*). Prints
# PASS/FAIL lines and "N passed, N failed". Honours TRITONC, CC. Arguments: case-name patterns
# (default mx_*).
cd "$(dirname "$0")/../.." || exit 2
PY=${PYTHON:-python3}
$PY -c 'import numpy' 2> /dev/null || PY=/usr/bin/python3
if ! $PY -c 'import numpy' 2> /dev/null; then
  echo "SKIP dot_scaled (python3 numpy missing)"; echo "0 passed, 0 failed"; exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dot_scaled.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/cases"
cp tests/cases/mx_*.case tests/cases_pending/mx_*.case tests/dot_scaled/cases/mx_*.case "$tmp/cases/" 2> /dev/null
cases=$(ls "$tmp"/cases/mx_*.case 2> /dev/null)
if [ -z "$cases" ]; then echo "0 passed, 0 failed"; exit 0; fi
# shellcheck disable=SC2086
if ! $PY tests/dot_scaled/reference.py "$tmp" $cases 2> "$tmp/ref.log"; then
  echo "FAIL dot_scaled reference ($(tail -n 1 "$tmp/ref.log"))"; echo "0 passed, 1 failed"; exit 1
fi
[ $# -gt 0 ] || set -- 'mx_*'
TC_CASES_DIR=$tmp/cases TC_DATA_DIR=$tmp bash tests/exec/run.sh "$@" | tee "$tmp/exec.log" | grep -v '^[0-9]* passed, [0-9]* failed$'
passed=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/exec.log")
failed=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/exec.log")
passed=${passed:-0}
failed=${failed:-1}

# fast_math: the select of NaN (a bf16 select: the e2m1 decoding's are u16) for 0xFF scales
# is there without it and gone with it
TRITONC=${TRITONC:-bin/tritonc}
sig() { echo "*u8, *u8, *bf16, *u8, *fp32, i32, i32, i32, i32, i32, 0, 3, True, False, False, False, $1, 32, 32, 64"; }
n_select() {
  $TRITONC tests/conformance/kernels/dot_scaled.py -n mx_matmul_kernel -s "$(sig "$1")" --emit ir |
    grep -c ' = select .*: bf16\['
}
plain=$(n_select False) fast=$(n_select True)
if [ "$plain" -ge 1 ] && [ "$fast" -eq 0 ]; then
  echo "PASS mx_fast_math_ir"; passed=$((passed + 1))
else
  echo "FAIL mx_fast_math_ir (selects: $plain without fast_math, $fast with it)"; failed=$((failed + 1))
fi
# int8 scales are taken as their uint8 bits (Triton zero-extends them): the same IR from the
# bitcast on (line 12 of i8_scale.py is the tl.dot_scaled call)
ir_from() {
  $TRITONC tests/dot_scaled/i8_scale.py -n i8_scale_kernel -s "*u8, *$1, *bf16, *fp32" --emit ir 2>&1 |
    grep -E ' @12( |$)' | sed 's/^ *%[0-9a-z_.]* = //; s/%[0-9a-z_.]*//g; s/ *{.*}$//'
}
ir_from i8 | grep -v '^bitcast .*: u8\[' > "$tmp/i8.ir"
ir_from u8 > "$tmp/u8.ir"
if grep -q '^dot ' "$tmp/u8.ir" && cmp -s "$tmp/i8.ir" "$tmp/u8.ir"; then
  echo "PASS mx_int8_scales"; passed=$((passed + 1))
else
  echo "FAIL mx_int8_scales ($(diff "$tmp/i8.ir" "$tmp/u8.ir" | head -n 3 | tr '\n' ' '))"; failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
