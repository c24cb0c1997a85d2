#!/bin/sh
# tune.sh — `make tune`: records the autotune table of examples/matmul_autotune.py on this
# machine and bakes it into the dispatcher.
#   1. tritonc --all-configs: every config (matmul_tuned_c0.c, ...) and the dispatcher, no table;
#   2. bench/tune_driver record: matmul_tuned_kernel_tune times every config at each size of
#      TUNE_SIZES and appends "M=... N=... K=... config=I  # median ms: ..." to $TUNING;
#   3. tritonc --all-configs --tuning $TUNING: the dispatcher with that table;
#   4. bench/tune_driver show: per size, the config picked and GFLOP/s of the dispatcher and of
#      every config, measured side by side.
# Environment: TUNE_SIZES (default "256,256,256 512,512,512 1024,1024,1024"), TUNING (default
# build/tune/matmul.tuning; entries are appended, a later entry for the same key wins), CC, CFLAGS,
# TRITONC. The same steps record any autotuned kernel: a driver that calls KERNEL_tune(FILE, ...)
# with real arguments at the key values of interest.
cd "$(dirname "$0")/.." || exit 2
T=${TRITONC:-bin/tritonc}
B=build/tune
TUNING=${TUNING:-$B/matmul.tuning}
SIZES=${TUNE_SIZES:-256,256,256 512,512,512 1024,1024,1024}
CFLAGS=${CFLAGS:--std=c11 -O3 -march=native -fopenmp}
mkdir -p $B/plain $B/tuned
SIG="*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16"
GRID="cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N), 1, 1"
build() { # dir
  # shellcheck disable=SC2086
  ${CC:-cc} $CFLAGS -I"$1" "$1"/*.c bench/tune_driver.c -o "$1/tune_driver" -lm
}
set -e
"$T" examples/matmul_autotune.py -n matmul_tuned_kernel -s "$SIG" -g "$GRID" --all-configs \
  -o $B/plain/matmul_tuned
build $B/plain
echo "== recording into $TUNING"
# shellcheck disable=SC2086
$B/plain/tune_driver record "$TUNING" $SIZES
"$T" examples/matmul_autotune.py -n matmul_tuned_kernel -s "$SIG" -g "$GRID" --all-configs \
  --tuning "$TUNING" -o $B/tuned/matmul_tuned
build $B/tuned
echo "== the dispatcher with that table ($B/tuned/matmul_tuned.c)"
# shellcheck disable=SC2086
$B/tuned/tune_driver show $SIZES
