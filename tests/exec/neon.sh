#!/bin/sh
# neon.sh — the execution cases on the vector layer's NEON level: off an AArch64 host, every
# tests/cases kernel cross-compiled for AArch64 at -O3 (aarch64-linux-gnu-gcc) and run under
# qemu-aarch64 against real Triton's recorded outputs (tests/exec/run.sh with TC_CROSS=aarch64;
# `make test` installs both tools). On an AArch64 host the exec suite itself is the NEON run.
# usage: tests/exec/neon.sh [PATTERN ...]; ends with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 2
case $(uname -m) in
aarch64 | arm64)
  echo "SKIP neon (an AArch64 host: the exec suite builds NEON natively)"
  echo "0 passed, 0 failed"
  exit 0 ;;
esac
for t in aarch64-linux-gnu-gcc qemu-aarch64; do
  if ! command -v $t > /dev/null 2>&1; then
    echo "FAIL neon ($t is not installed; make test installs it)"
    echo "0 passed, 1 failed"
    exit 1
  fi
done
TC_CROSS=aarch64 exec bash tests/exec/run.sh "$@"
