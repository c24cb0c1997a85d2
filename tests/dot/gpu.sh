#!/bin/sh
# gpu.sh — on a machine with an NVIDIA GPU: tests/dot/run.sh's cases on the CUDA target, built for
# each architecture of TC_CUDA_ARCHS (default "sm_90a sm_89 sm_80"), the first build also run
# under compute-sanitizer memcheck and racecheck. A build for an older architecture than the GPU's
# runs from its PTX, so a Hopper machine checks a dot's sm_89 and pre-sm_89 forms too.
#   sh tests/dot/gpu.sh [PATTERN...]       (default every dot_* case)
# Ends with one "N passed, N failed" line per architecture; exits nonzero if any case failed.
cd "$(dirname "$0")/../.." || exit 2
san=1
status=0
for arch in ${TC_CUDA_ARCHS:-sm_90a sm_89 sm_80}; do
  echo "=== $arch$([ $san = 1 ] && echo ', compute-sanitizer memcheck and racecheck')"
  TC_TARGET=cuda TC_CUDA_ARCH=$arch TC_SANITIZE=$san sh tests/dot/run.sh "$@" || status=1
  san=0
done
exit $status
