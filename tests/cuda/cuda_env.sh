# cuda_env.sh — sourced by tests/cuda/*.sh: finds the CUDA toolkit without needing it on PATH.
# Sets CUDA (the toolkit root, "" when none), NVCC ("" when absent), CUDA_INC, CUDA_LIB (where
# libnvrtc is) and CUDA_STUBS (the driver's link stub, for machines without a driver).
# shellcheck disable=SC2034 # used by the scripts that source this file
CUDA="" NVCC="" CUDA_INC="" CUDA_LIB="" CUDA_STUBS=""
for c in "${CUDA_HOME:-}" "${CUDA_PATH:-}" "$(command -v nvcc 2>/dev/null | sed 's|/bin/nvcc$||')" \
         /usr/local/cuda; do
  if [ -n "$c" ] && [ -f "$c/include/nvrtc.h" ]; then CUDA=$c; break; fi
done
if [ -n "$CUDA" ]; then
  CUDA_INC=$CUDA/include
  [ -x "$CUDA/bin/nvcc" ] && NVCC=$CUDA/bin/nvcc
  for l in "$CUDA/lib64" "$CUDA/lib" "$CUDA/targets/x86_64-linux/lib"; do
    if [ -e "$l/libnvrtc.so" ]; then CUDA_LIB=$l; break; fi
  done
  [ -e "$CUDA_LIB/stubs/libcuda.so" ] && CUDA_STUBS=$CUDA_LIB/stubs
fi
# now_s: seconds since the epoch with a fraction (for timings)
now_s() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now_s)" 'BEGIN { printf "%.2f", b - a }'; }
