#!/bin/sh
# cuda_device.sh — run on the GPU machine (H100, CUDA, Triton, torch): every execution case
# through the CUDA target on the inputs real Triton's outputs were recorded for, under
# compute-sanitizer memcheck and racecheck, then the CUDA benchmark. Results go to $OUT.
#   sh tests/conformance/cuda_device.sh     (needs bin/tritonc-static: make bin/tritonc-static)
cd "$(dirname "$0")/../.." || exit 2
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-build/device}
mkdir -p "$OUT"
nvidia-smi -L | tee "$OUT/device.txt"
nvcc --version | tail -n 2 >>"$OUT/device.txt"
TC_TARGET=cuda TC_SANITIZE=1 TC_JOBS=${TC_JOBS:-12} TRITONC=bin/tritonc-static TC_LOG_LINES=12 \
  bash tests/exec/run.sh "$@" >"$OUT/cuda_exec.txt" 2>&1
grep -E '^(FAIL|[0-9]+ passed)' "$OUT/cuda_exec.txt"
[ $# -gt 0 ] || python3 bench/cuda_bench.py --out build/cuda_bench 2>&1 | tee "$OUT/cuda_bench.txt"
