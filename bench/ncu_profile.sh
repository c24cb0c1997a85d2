#!/bin/sh
# ncu_profile.sh — Nsight Compute's view of tritonc's CUDA output next to real Triton's on the
# same launches (GPU machine): bench/cuda_bench.py --check-only runs each tritonc kernel and
# Triton's once; ncu profiles the launches whose kernel name matches.
#
#   sh bench/ncu_profile.sh [SECTIONS] [-- cuda_bench.py args]   (default: --only attention)
#
# Prints, per launch, speed of light, occupancy, pipe utilisation and warp stall reasons.
# Writes the raw report to ${OUT:-build}/ncu.txt. Not a test.
set -u
cd "$(dirname "$0")/.." || exit 2
KERNELS=${KERNELS:-regex:attn_fwd}
OUTD=${OUT:-build}
ARGS="${*:---only attention}"
ncu --kernel-name "$KERNELS" --section SpeedOfLight --section Occupancy --section ComputeWorkloadAnalysis \
    --section WarpStateStats --section LaunchStats python3 bench/cuda_bench.py --check-only $ARGS > "$OUTD/ncu.txt" 2>&1
grep -E "attn_fwd|matmul_kernel|Duration|Compute \(SM\) Throughput|Memory Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Shared Memory Config|Executed Ipc A|Stall|Warp Cycles Per Issued|Issue Slots Busy|Tensor" "$OUTD/ncu.txt" | head -200
