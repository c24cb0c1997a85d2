#!/bin/sh
# run.sh — int64 index math on the C emitter's vector path: the kernels of
# tests/conformance/kernels/int64_offsets.py (signatures as in tests/cases_pending/int64_*.case)
# must translate to vector loads and stores, and compute what plain C computes (check.c) at
# every SIMD level this machine runs (-march=native, -mavx2 -mfma, portable), and under
# ASan+UBSan. Prints PASS/FAIL lines and "N passed, N failed". Honours CC and TRITONC.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
CC=${CC:-cc}
K=tests/conformance/kernels/int64_offsets.py
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vec64.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
tr1() { # out kernel signature grid
  if "$T" "$K" -n "$2" -s "$3" -g "$4" -o "$tmp/$1" 2> "$tmp/$1.err"; then
    # the vector path: whole-vector loads through a contiguous int64 offset, no scalar loop
    if grep -q "tc_f32_load(" "$tmp/$1.c" && ! grep -q "pragma omp simd" "$tmp/$1.c"; then
      ok "$1 vector path"
    else bad "$1 vector path" "no whole-vector load, or a scalar loop"; fi
  else bad "$1" "translation failed: $(head -n 1 "$tmp/$1.err")"; fi
}
tr1 silu64 silu64_kernel "*fp32:16, *fp32:16, i32, 256" "cdiv(n, 256), 1, 1"
tr1 lane_cast lane_cast_kernel "*fp32:16, *fp32:16, i32, 256" "cdiv(n, 256), 1, 1"
tr1 rows64 rows64_kernel "*fp32:16, *fp32:16, i32, i32, i32, 4, 64" "cdiv(M, 4), cdiv(N, 64), 1"
tr1 mod64 mod64_kernel "*fp32:16, *fp32:16, i32, 256" "cdiv(n, 256), 1, 1"
levels="native:-O3 -march=native|avx2:-O2 -mavx2 -mfma|portable:-O2|sanitizers:-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"
# level NAME FLAGS: build and run check.c at one level (levels run side by side, each one's
# lines to $tmp/lv.NAME, counted below)
level() {
  name=$1 flags=$2
  # shellcheck disable=SC2086
  if $CC -std=c11 -Wall -Wextra -Werror -fopenmp $flags -I"$tmp" "$tmp/silu64.c" "$tmp/lane_cast.c" \
      "$tmp/rows64.c" "$tmp/mod64.c" tests/vec64/check.c -o "$tmp/check_$name" -lm 2> "$tmp/cc.$name.log"; then
    if "$tmp/check_$name" > "$tmp/run.$name.log" 2>&1; then ok "run $name"
    else bad "run $name" "$(head -n 3 "$tmp/run.$name.log" | tr '\n' ' ')"; fi
  else bad "compile $name" "$(head -n 3 "$tmp/cc.$name.log" | tr '\n' ' ')"; fi
}
names=""
IFS='|'
for lv in $levels; do
  IFS=' '
  level "${lv%%:*}" "${lv#*:}" > "$tmp/lv.${lv%%:*}" 2>&1 &
  names="$names ${lv%%:*}"
  IFS='|'
done
IFS=' '
wait
for name in $names; do
  cat "$tmp/lv.$name"
  pass=$((pass + $(grep -c '^PASS' "$tmp/lv.$name"))); fail=$((fail + $(grep -c '^FAIL' "$tmp/lv.$name")))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
