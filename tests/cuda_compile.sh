#!/bin/sh
# cuda_compile.sh — every execution case translated with --target cuda must compile with nvcc
# for sm_80 and sm_90 (one nvcc call builds both) with no warning, and translate the same way
# twice (warning 550, "set but never used", is allowed: a tuple reduction whose other half is
# dropped). No GPU needed. Prints PASS/FAIL/SKIP lines and "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
TRITONC=${TRITONC:-bin/tritonc}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
out=build/cuda_compile
mkdir -p "$out"
if [ ! -x "$NVCC" ]; then
  echo "SKIP cuda-compile (no nvcc)"; echo "0 passed, 0 failed"; exit 0
fi
field() { sed -n "s/^$1:[[:space:]]*//p" "$2" | head -n 1; }
one() { # case file -> PASS/FAIL line
  c=$1; n=$(basename "$c" .case)
  f=$(field file "$c"); k=$(field kernel "$c"); s=$(field signature "$c"); g=$(field grid "$c")
  if ! "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" --target cuda -o "$out/$n" 2>"$out/$n.log"; then
    echo "FAIL $n (translation failed: $(head -n 1 "$out/$n.log"))"; return; fi
  "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" -o "$out/$n" --emit cuda >"$out/$n.again.cu" 2>/dev/null
  if ! cmp -s "$out/$n.cu" "$out/$n.again.cu"; then echo "FAIL $n (output not deterministic)"; return; fi
  if "$NVCC" -c -Werror all-warnings -diag-suppress 550 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
      "$out/$n.cu" -o "$out/$n.o" >"$out/$n.nvcc.log" 2>&1; then echo "PASS $n/sm_80+sm_90"
  else echo "FAIL $n (nvcc: $(grep -m1 -E 'error|warning' "$out/$n.nvcc.log"))"; fi
}
if [ "${1:-}" = --one ]; then one "$2"; exit 0; fi
ls tests/cases/*.case | xargs -n 1 -P "${TC_JOBS:-$(nproc 2>/dev/null || echo 2)}" sh "$0" --one >"$out/results.txt"
sort "$out/results.txt"
p=$(grep -c '^PASS' "$out/results.txt"); f=$(grep -c '^FAIL' "$out/results.txt")
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
