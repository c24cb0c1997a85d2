#!/bin/sh
# tests/inductor/run.sh — the kernels torch.compile (Inductor) generated for our models
# (tests/inductor/kernels/, harvested by tests/conformance/harvest_inductor.py) translate as
# Inductor wrote them, with no torch installed: tests/inductor/check.py translates each to C,
# builds it -Wall -Wextra -Werror with ASan+UBSan, runs it on the harvest's shapes and compares
# with numpy references of the models; with a CUDA toolkit, each kernel's CUDA also compiles
# with nvcc -c (sm_90) and NVRTC. Needs a python3 with numpy (PYTHON, else python3 or
# /usr/bin/python3); without one it prints a SKIP line and "0 passed, 0 failed".
# usage: tests/inductor/run.sh [KERNEL ...]
cd "$(dirname "$0")/../.." || exit 2
PY=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  if "$p" -c "import numpy" > /dev/null 2>&1; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
  echo "SKIP inductor: no python3 with numpy"
  echo "0 passed, 0 failed"
  exit 0
fi
. tests/cuda/cuda_env.sh
names=$*
set --
if [ -n "$CUDA" ] && [ -n "$CUDA_LIB" ]; then
  mkdir -p build/inductor
  CHECK=build/inductor/nvrtc_check
  if ${CC:-cc} -std=c11 -O2 -DTC_CUDA_NO_DRIVER -Iruntime -I"$CUDA_INC" tests/cuda/nvrtc_check.c \
      runtime/tc_cuda.c -L"$CUDA_LIB" -Wl,-rpath,"$CUDA_LIB" -lnvrtc -o "$CHECK"; then
    set -- --cuda sm_90 --nvrtc-check "$CHECK"
    [ -n "$NVCC" ] && set -- "$@" --nvcc "$NVCC"
  else
    echo "FAIL nvrtc_check (does not build)"
  fi
else
  echo "SKIP inductor/cuda: no CUDA toolkit"
fi
# shellcheck disable=SC2086 # $names: kernel names, no spaces
exec "$PY" tests/inductor/check.py "$@" $names
