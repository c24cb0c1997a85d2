#!/bin/sh
# run_all.sh — `make test`: every suite, then one total line "N passed, N failed".
cd "$(dirname "$0")/.."
total_pass=0; total_fail=0; status=0
run_suite() {
  name=$1; shift
  echo "=== $name"
  t0=$(date +%s)
  "$@" > "build/$name.log" 2>&1
  rc=$?
  dt=$(( $(date +%s) - t0 ))
  grep -E '^(FAIL|SKIP)' "build/$name.log" | head -n 40
  last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "build/$name.log" | tail -n 1)
  if [ -z "$last" ]; then
    echo "$name: no result line (exit $rc); log tail:"; tail -n 20 "build/$name.log"
    total_fail=$((total_fail + 1)); status=1; return
  fi
  echo "$name: $last (${dt} s)"
  p=${last%% passed*}; f=${last#*passed, }; f=${f%% failed*}
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
  [ "$rc" -eq 0 ] || status=1
}
mkdir -p build
# `python3` is started over 100 times (tests/rand alone: once per run of a kernel); a version
# manager's shim (pyenv's) takes about 1 s to start it on the 2-core machine, the interpreter
# itself 0.05 s. The suites get a python3 that execs the interpreter the shim chose.
py=$(python3 -c 'import sys; print(sys.executable)' 2> /dev/null)
if [ -n "$py" ] && [ -x "$py" ] && [ "$py" != "$(command -v python3)" ]; then
  mkdir -p build/pybin
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$py" > build/pybin/python3
  chmod +x build/pybin/python3
  PATH=$(pwd)/build/pybin:$PATH
  export PATH
fi
run_suite golden sh tests/golden/run.sh
run_suite cli sh tests/cli.sh
run_suite makefile sh tests/makefile.sh
run_suite ir sh tests/ir/run.sh
run_suite vec64 sh tests/vec64/run.sh
run_suite dot sh tests/dot/run.sh
run_suite keep sh tests/keep/run.sh
run_suite dot_scaled sh tests/dot_scaled/run.sh
run_suite blockptr sh tests/blockptr/run.sh
run_suite lang sh tests/lang/run.sh
run_suite lang_debug sh tests/lang/debug.sh
run_suite rand sh tests/rand/run.sh
run_suite tune sh tests/tune/run.sh
run_suite link sh tests/link/run.sh
run_suite atomic sh tests/atomic/run.sh
run_suite vecf16 sh tests/vecf16/run.sh
run_suite san sh tests/san.sh
run_suite fuzz sh tests/fuzz/run.sh
run_suite compile sh tests/compile.sh
run_suite runtime_sections sh tests/runtime_sections.sh
run_suite exec bash tests/exec/run.sh
run_suite plain sh tests/plain/run.sh
run_suite exec_neon sh tests/exec/neon.sh
run_suite simd sh tests/simd/run.sh
run_suite cuda sh tests/cuda/run.sh
run_suite runner sh tests/runner/run.sh
run_suite inductor sh tests/inductor/run.sh
run_suite consumer sh tests/consumer/run.sh
echo "$total_pass passed, $total_fail failed"
exit $status
