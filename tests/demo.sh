#!/bin/sh
# demo.sh — `make demo`: translate every example kernel, compile it, run it on the recorded
# inputs and check it against real Triton's recorded outputs (tests/conformance/data).
cd "$(dirname "$0")/.."
T=${TRITONC:-bin/tritonc}
cases=""
for c in tests/cases/*.case; do
  if grep -q '^file: *examples/' "$c"; then cases="$cases $(basename "$c" .case)"; fi
done
echo "examples: $cases"
echo
echo "translation time per example (ms, best of 5):"
mkdir -p build/demo
for n in $cases; do
  c=tests/cases/$n.case
  f=$(sed -n 's/^file: *//p' "$c"); k=$(sed -n 's/^kernel: *//p' "$c")
  s=$(sed -n 's/^signature: *//p' "$c"); g=$(sed -n 's/^grid: *//p' "$c")
  best=""
  for i in 1 2 3 4 5; do
    t0=$(date +%s%N)
    "$T" "$f" -n "$k" -s "$s" -g "$g" -o "build/demo/$n" || exit 1
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  printf "  %-22s %4d ms  %s\n" "$n" "$best" "build/demo/$n.c"
done
echo
bash tests/exec/run.sh $cases
