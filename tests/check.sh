#!/bin/sh
# check.sh — `make check`: the quick loop before a commit. The golden suite (every output text and
# error message), the command line, and the execution cases named as arguments (each built with
# ASan+UBSan and with -O3 and compared with Triton's recorded outputs). `make test` runs them all.
# Ends with one total line "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
total_pass=0; total_fail=0; status=0
suite() { # NAME COMMAND...: runs a suite, shows its FAIL lines and adds its result line
  name=$1; shift
  "$@" > "build/check_$name.log" 2>&1 || status=1
  grep -E '^FAIL' -A 12 "build/check_$name.log" | head -n 60
  last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "build/check_$name.log" | tail -n 1)
  if [ -z "$last" ]; then
    echo "$name: no result line; log tail:"; tail -n 20 "build/check_$name.log"
    total_fail=$((total_fail + 1)); status=1; return
  fi
  echo "$name: $last"
  p=${last%% passed*}; f=${last#*passed, }; f=${f%% failed*}
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
}
mkdir -p build
suite golden sh tests/golden/run.sh
suite cli sh tests/cli.sh
suite exec bash tests/exec/run.sh "$@"
echo "$total_pass passed, $total_fail failed"
exit $status
