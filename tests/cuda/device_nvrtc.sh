#!/bin/sh
# tests/cuda/device_nvrtc.sh [FILE.cu] — on a machine with an NVIDIA GPU, its driver and the CUDA
# toolkit (for nvrtc.h and libnvrtc; nvcc is not used): builds examples/cuda_nvrtc_add.c with
# runtime/tc_cuda.c and runs it twice on the vector add's .cu text with a fresh cache directory.
#   run 1: its first load compiles with NVRTC, its second must hit the disk cache;
#   run 2 (--expect-cached): its first load must hit the cache written by run 1;
# both must add 1,000,003 floats exactly as the CPU does. FILE.cu defaults to examples/add.py
# translated by bin/tritonc --target cuda (BLOCK_SIZE 1024) when the translator can, else
# tests/cuda/samples/add.cu. Prints PASS/FAIL lines and "N passed, N failed"; with OUT set, the
# whole log is also written to $OUT/device_nvrtc.log and the .cu used to $OUT/.
cd "$(dirname "$0")/../.." || exit 2
. tests/cuda/cuda_env.sh
CC=${CC:-cc}
TRITONC=${TRITONC:-bin/tritonc}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_dev.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
LOG=$TMP/device_nvrtc.log

main() {
  passed=0 failed=0
  pass() { echo "PASS $*"; passed=$((passed + 1)); }
  fail() { echo "FAIL $*"; failed=$((failed + 1)); }
  if [ -z "$CUDA" ] || [ -z "$CUDA_LIB" ]; then
    fail "no CUDA toolkit with nvrtc.h and libnvrtc (set CUDA_HOME)"
    echo "$passed passed, $failed failed"
    return
  fi
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2> /dev/null |
    sed 's/^/# GPU: /'
  echo "# CUDA toolkit: $CUDA"
  file=${1:-}
  if [ -z "$file" ]; then
    file=tests/cuda/samples/add.cu
    if [ -x "$TRITONC" ] && "$TRITONC" examples/add.py -n add_kernel \
        -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" -g "cdiv(n_elements, 1024), 1, 1" \
        --target cuda -o "$TMP/add_kernel" > /dev/null 2>&1; then
      file=$TMP/add_kernel.cu
      echo "# translated examples/add.py with $TRITONC --target cuda"
    fi
  fi
  echo "# kernel text: $file"
  [ -n "${OUT:-}" ] && cp "$file" "$OUT/"
  stubs=""
  [ -n "$CUDA_STUBS" ] && stubs="-L$CUDA_STUBS" # link with the stub; the loader finds the driver's libcuda.so.1
  exe=$TMP/cuda_nvrtc_add
  # shellcheck disable=SC2086
  if $CC -std=c11 -O2 -Wall -Wextra -Werror -Iruntime -I"$CUDA_INC" examples/cuda_nvrtc_add.c \
      runtime/tc_cuda.c -L"$CUDA_LIB" -Wl,-rpath,"$CUDA_LIB" $stubs -lnvrtc -lcuda -lm \
      -o "$exe" > "$TMP/build.log" 2>&1; then
    pass "build cuda_nvrtc_add"
  else
    fail "build cuda_nvrtc_add"
    cat "$TMP/build.log"
    echo "$passed passed, $failed failed"
    return
  fi
  export TRITONC_CACHE_DIR="$TMP/cache"
  unset TRITONC_NO_CACHE
  for run in 1 2; do
    extra=""
    [ $run = 2 ] && extra=--expect-cached
    echo "# run $run: $exe $file $extra"
    # shellcheck disable=SC2086
    "$exe" "$file" $extra > "$TMP/run.log" 2>&1
    rc=$?
    sed 's/^/    /' "$TMP/run.log"
    if [ $rc -eq 0 ] && grep -q '^PASS cuda_nvrtc_add' "$TMP/run.log"; then
      pass "run $run${extra:+ $extra}"
    else
      fail "run $run${extra:+ $extra} (exit status $rc)"
    fi
  done
  n=$(find "$TMP/cache" -type f 2> /dev/null | wc -l)
  if [ "$n" -eq 1 ]; then pass "one cache file ($(ls "$TMP/cache"))"
  else fail "cache: $n files in $TMP/cache, want 1"; fi
  echo "$passed passed, $failed failed"
}

main "$@" 2>&1 | tee "$LOG"
[ -n "${OUT:-}" ] && cp "$LOG" "$OUT/device_nvrtc.log"
grep -q '^[0-9]* passed, 0 failed$' "$LOG"
