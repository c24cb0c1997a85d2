#!/bin/sh
# run.sh — the fuzz suite of `make test`: the translator built with ASan+UBSan (bin/tritonc-san)
#   1. translates every tests/fuzz/regress/NAME.py (a kernel a fuzzer once broke; its `# tritonc:`
#      line gives the arguments, `# file:` another source) and the C must compile with -Werror;
#   2. runs a short deterministic mutation campaign (tests/fuzz/mutate.py, fixed seed and count:
#      kernels, signatures, grids, --tuning tables and options mutated);
#   3. checks a deterministic sample of the operation x operand kind x dtype x target sweep
#      (tests/fuzz/sweep.py), the CUDA outputs of the first SWEEP_NVCC (default 12) compiled
#      with nvcc where it is installed.
# Rejected inputs found by the fuzzers are goldens instead (tests/golden/err_*.py).
#
#   sh tests/fuzz/run.sh          FUZZ_COUNT (default 800) mutants, FUZZ_SEED (default 1),
#                                 SWEEP_COUNT (default 600) sweep cases
cd "$(dirname "$0")/../.." || exit 2
SAN=${TRITONC_SAN:-bin/tritonc-san}
CC=${CC:-cc}
ASAN_OPTIONS=exitcode=99:detect_leaks=0
UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
export ASAN_OPTIONS UBSAN_OPTIONS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fuzzreg.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
pass=0; fail=0
header() { sed -n -e '/^#/!q' -e "s/^# $2: //p" "$1" | sed -n 1p; }
for py in tests/fuzz/regress/*.py; do
  name=regress_$(basename "$py" .py)
  src=$(header "$py" file); [ -n "$src" ] || src=$py
  eval "set -- $(header "$py" tritonc)"
  if ! timeout 10 "$SAN" "$src" "$@" -o "$tmp/out" 2> "$tmp/err"; then
    echo "FAIL $name (translation failed)"; sed -n '1,12s/^/    /p' "$tmp/err"; fail=$((fail + 1))
  elif [ -s "$tmp/err" ]; then
    echo "FAIL $name (wrote to stderr)"; sed -n '1,12s/^/    /p' "$tmp/err"; fail=$((fail + 1))
  elif ! $CC -std=c11 -fsyntax-only -Wall -Wextra -Werror -fopenmp "$tmp/out.c" 2> "$tmp/cc"; then
    echo "FAIL $name (C does not compile)"; sed -n '1,12s/^/    /p' "$tmp/cc"; fail=$((fail + 1))
  else
    echo "PASS $name"; pass=$((pass + 1))
  fi
done
tally() { # a campaign's log: its lines but the total, which is added to ours
  grep -v '^[0-9]* passed, [0-9]* failed' "$1"
  last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
  if [ -z "$last" ]; then
    echo "FAIL $2 (no result line)"; fail=$((fail + 1))
  else
    p=${last%% passed*}; f=${last#*passed, }; f=${f%% failed*}
    pass=$((pass + p)); fail=$((fail + f))
  fi
}
# CUDA mutants are only checked to be written here (nvcc takes a second a file); the sweep
# compiles a few, `make fuzz` every distinct one
python3 tests/fuzz/mutate.py --seed "${FUZZ_SEED:-1}" --count "${FUZZ_COUNT:-800}" --no-nvcc \
  --out build/fuzz/defects > "$tmp/mutate.log" 2>&1
tally "$tmp/mutate.log" mutate
python3 tests/fuzz/sweep.py --seed "${FUZZ_SEED:-1}" --count "${SWEEP_COUNT:-600}" \
  --nvcc-limit "${SWEEP_NVCC:-12}" --out build/fuzz/defects > "$tmp/sweep.log" 2>&1
tally "$tmp/sweep.log" sweep
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
