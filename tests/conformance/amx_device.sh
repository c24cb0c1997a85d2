#!/bin/sh
# amx_device.sh — tl.dot of bf16 tiles on AMX (tc_dot_bf16, runtime/tc_simd.h section amx), on a
# host whose CPU has amx_tile and amx_bf16 (the GPU machine's host; tests/conformance/reports/
# amx.md records a run). Each check is built with -march=native, which there selects the tile
# unit, and must say it ran on it:
#   1. tests/simd/test_simd.c (every group; dot_bf16 and dot_bf16_panel at whole-tile and ragged
#      shapes against double-precision sums), ASan+UBSan at -O0 and -O1, plain -O3, and -O3
#      without the K-loop panel (-DTC_AMX_PANEL_BYTES=0);
#   2. tests/exec/run.sh 'dot_*' 'mx_*': the dot and scaled-dot cases (tl.dot_scaled's
#      products are bf16 dots) against real Triton's recorded outputs (ASan+UBSan -O0 and -O3
#      builds, both -march=native; int8 products there run on AVX-512 VNNI);
#   3. tests/dot/run.sh: the same cases and the pending ones against numpy.
# usage: sh tests/conformance/amx_device.sh [OUTDIR]   (TRITONC, CC as the suites take them)
# Logs go to OUTDIR (default build/amx); prints one PASS / FAIL line per check.
cd "$(dirname "$0")/../.." || exit 2
out=${1:-build/amx}
mkdir -p "$out" || exit 2
CC=${CC:-cc}
TRITONC=${TRITONC:-bin/tritonc-static}
export CC TRITONC
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
failed=0
check() { # check NAME LOG STATUS
  if [ "$3" -eq 0 ]; then echo "PASS $1"; else echo "FAIL $1 (exit $3, $2)"; failed=1; fi
}
{
  grep -m1 'model name' /proc/cpuinfo
  echo "cpu flags: $(grep -m1 -o -w 'amx_[a-z0-9]*\|avx512_bf16\|avx512_fp16' /proc/cpuinfo | sort -u | tr '\n' ' ')"
  echo "$(nproc) CPUs; $($CC --version | head -n 1)"
  echo "predefined with -march=native: $(echo | $CC -march=native -dM -E - | grep -o '__AMX_[A-Z0-9]*__' | sort | tr '\n' ' ')"
} > "$out/host.txt"
cat "$out/host.txt"

i=0
for flags in "-O0 -g $SAN" "-O1 -g $SAN" "-O3" "-O3 -DTC_AMX_PANEL_BYTES=0"; do
  i=$((i + 1))
  log=$out/simd$i.log
  # shellcheck disable=SC2086
  if $CC -std=c11 -Wall -Wextra -Werror $flags -march=native tests/simd/test_simd.c -o "$out/t$i" -lm > "$log" 2>&1; then
    "$out/t$i" >> "$log" 2>&1
    rc=$?
    [ $rc -ne 0 ] || grep -q '^# tc_dot_bf16 on amx' "$log" || rc=9 # ran, but not on AMX
  else
    rc=1
  fi
  grep '^FAIL\|^# tc_dot_bf16\|passed,' "$log"
  check "test_simd $flags -march=native" "$log" $rc
done

TC_CFLAGS=-march=native bash tests/exec/run.sh 'dot_*' 'mx_*' > "$out/exec.log" 2>&1
check "exec dot_* mx_* against Triton's recordings" "$out/exec.log" $?
grep '^FAIL\|passed,' "$out/exec.log"
TC_CFLAGS=-march=native sh tests/dot/run.sh > "$out/dot.log" 2>&1
check "dot cases against numpy" "$out/dot.log" $?
grep '^FAIL\|passed,' "$out/dot.log"
# the generated code of a bf16 case, built as the suites build it, uses the tile unit
for cfg in asan opt; do
  n=$(objdump -d "build/exec/dot_matmul_bf16/dot_matmul_bf16_$cfg" 2> /dev/null | grep -c tdpbf16ps)
  check "dot_matmul_bf16_$cfg holds tdpbf16ps ($n)" "objdump" $([ "${n:-0}" -gt 0 ] && echo 0 || echo 1)
done
exit $failed
