#!/bin/sh
# bench/plain.sh — the C target's default output against --plain (bench/plain.c): softmax and
# layer norm (GB/s), the matmul example (GFLOP/s), each translated both ways and timed side by
# side in one process. Not a test. `sh bench/run.sh plain` runs it too.
set -eu
cd "$(dirname "$0")/.."
T=${TRITONC:-bin/tritonc}
B=build/bench_plain
mkdir -p $B
SM="*fp32:16, *fp32:16, i32, i32, i32, i32, 1024"
LN="*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024"
MM="*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 32, 8, False"
CFLAGS="-std=c11 -O3 -march=native -fopenmp"
if echo "#include <sleef.h>" | ${CC:-cc} -E -x c - > /dev/null 2>&1; then
  CFLAGS="$CFLAGS -DTC_HAVE_SLEEF"; LSLEEF=-lsleef
else LSLEEF=""; fi
# NAME FILE KERNEL SIGNATURE: NAME.o (default) and NAME_plain.o (--plain, KERNEL_grid renamed)
both() {
  "$T" "$2" -n "$3" -s "$4" -o "$B/$1"
  "$T" "$2" -n "$3" -s "$4" --plain -o "$B/$1_plain"
  ${CC:-cc} $CFLAGS -c "$B/$1.c" -o "$B/$1.o"
  ${CC:-cc} $CFLAGS "-D$3_grid=$1_plain_grid" -c "$B/$1_plain.c" -o "$B/$1_plain.o"
}
both softmax examples/softmax.py softmax_kernel "$SM"
both layernorm examples/layernorm.py _layer_norm_fwd_fused "$LN"
both matmul examples/matmul.py matmul_kernel "$MM"
# shellcheck disable=SC2086
${CC:-cc} $CFLAGS bench/plain.c $B/*.o -o $B/plain_bench $LSLEEF -lm
$B/plain_bench
