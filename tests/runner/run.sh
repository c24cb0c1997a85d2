#!/bin/sh
# tests/runner/run.sh — the Python runner (python/tritonc): unmodified Triton programs whose every
# launch goes through tritonc. Each examples/NAME.py is driven by tests/runner/programs/run_NAME.py
# on torch CPU tensors and on numpy arrays, checked against torch/numpy references; then the JIT's
# binding rules (run_features.py), tuple arguments (run_tuples.py), NamedTuple arguments and
# NamedTuples built in kernels (run_namedtuples.py),
# tensor-descriptor reductions (run_desc_atomics.py), libdevice's Bessel functions
# (run_bessel.py), libraries' launch wrappers on Triton's runtime classes (run_lib_wrappers.py,
# run_patch_modules.py),
# host Python around kernels as published files write it (run_host_python.py,
# both array kinds), the caches (in memory, and on disk across runs: the second
# run translates and compiles nothing; after faults, run_cache_faults.py), the errors
# (run_errors.py, err_translate.py), and Triton's vector-add tutorial. On a machine with CUDA
# the examples also run unmodified on the GPU (their __main__ blocks allocate on 'cuda'), on both
# targets.
# Kernels are built in a fresh cache (build/runner/cache) so the first run really compiles.
# Environment: PYTHON (default: the first of python3, /usr/bin/python3 that imports numpy).
# Prints PASS/FAIL/SKIP lines and "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1 ($2)"; failed=$((failed + 1)); }
skip() { echo "SKIP $1 ($2)"; }

PY=${PYTHON:-}
if [ -z "$PY" ]; then
  for p in python3 /usr/bin/python3; do
    if $p -c "import numpy, torch" >/dev/null 2>&1; then PY=$p; break; fi
  done
fi
if [ -z "$PY" ]; then
  for p in python3 /usr/bin/python3; do
    if $p -c "import numpy" >/dev/null 2>&1; then PY=$p; break; fi
  done
fi
if [ -z "$PY" ]; then
  fail runner "no python3 with numpy (make installs python3-numpy and python3-torch)"
  echo "$passed passed, $failed failed"; exit 1
fi
HAS_TORCH=0; $PY -c "import torch" >/dev/null 2>&1 && HAS_TORCH=1
HAS_CUDA=0
[ $HAS_TORCH = 1 ] && $PY -c "import torch, sys; sys.exit(not torch.cuda.is_available())" \
  >/dev/null 2>&1 && HAS_CUDA=1

OUT=build/runner
rm -rf "$OUT" && mkdir -p "$OUT" || exit 2
export TRITONC_CACHE_DIR="$ROOT/$OUT/cache"
export PYTHONPATH="$ROOT/python:$ROOT/examples${PYTHONPATH:+:$PYTHONPATH}"
PROGS=tests/runner/programs

# prog NAME LOG ARGS...: runs python3 -m tritonc ARGS, output to LOG; returns its status
prog() { log=$1; shift; nice $PY -m tritonc "$@" > "$log" 2>&1; }
why() { tail -n 3 "$1" | tr '\n' ' ' | cut -c1-300; }

for ex in examples/*.py; do
  name=$(basename "$ex" .py)
  driver=$PROGS/run_$name.py
  if [ ! -f "$driver" ]; then fail "example_$name" "no driver $driver"; continue; fi
  for lib in torch numpy; do
    if [ $lib = torch ] && [ $HAS_TORCH = 0 ]; then skip "example_${name}_$lib" "no torch"; continue; fi
    log=$OUT/${name}_$lib.log
    if prog "$log" --stats "$driver" $lib && grep -q "^$name ok $lib" "$log"; then
      pass "example_${name}_$lib"
    elif grep -q "^$name skip $lib" "$log"; then skip "example_${name}_$lib" "$(grep "^$name skip" "$log")"
    else fail "example_${name}_$lib" "$(why "$log")"; fi
  done
done

for lib in torch numpy; do
  [ $lib = torch ] && [ $HAS_TORCH = 0 ] && continue
  log=$OUT/host_python_$lib.log
  if prog "$log" $PROGS/run_host_python.py $lib && grep -q "^host_python ok $lib" "$log"; then
    pass host_python/$lib
  else fail host_python/$lib "$(why "$log")"; fi
done
log=$OUT/patch_modules.log
if nice $PY $PROGS/run_patch_modules.py > "$log" 2>&1 && grep -q "^patch_modules ok" "$log"; then
  pass patch_modules
else fail patch_modules "$(why "$log")"; fi
if [ $HAS_TORCH = 1 ]; then
  log=$OUT/features.log
  if prog "$log" $PROGS/run_features.py && grep -q "^features ok" "$log"; then pass features
  else fail features "$(why "$log")"; fi
  log=$OUT/autotune.log
  if prog "$log" $PROGS/run_autotune.py && grep -q "^autotune ok" "$log"; then pass autotune_as_triton
  else fail autotune_as_triton "$(why "$log")"; fi
  log=$OUT/lib_wrappers.log
  if prog "$log" $PROGS/run_lib_wrappers.py && grep -q "^lib_wrappers ok" "$log"; then
    pass lib_wrappers
  else fail lib_wrappers "$(why "$log")"; fi
  log=$OUT/desc_atomics.log
  if prog "$log" $PROGS/run_desc_atomics.py && grep -q "^desc_atomics ok" "$log"; then pass desc_atomics
  else fail desc_atomics "$(why "$log")"; fi
  log=$OUT/bessel.log
  if prog "$log" $PROGS/run_bessel.py && grep -q "^bessel ok" "$log"; then pass libdevice_bessel
  else fail libdevice_bessel "$(why "$log")"; fi
  log=$OUT/tuples.log
  if prog "$log" $PROGS/run_tuples.py && grep -q "^tuples ok" "$log"; then pass tuple_arguments
  else fail tuple_arguments "$(why "$log")"; fi
  log=$OUT/namedtuples.log
  if prog "$log" $PROGS/run_namedtuples.py && grep -q "^namedtuples ok" "$log"; then
    pass namedtuple_arguments
  else fail namedtuple_arguments "$(why "$log")"; fi

  # disk cache: a second run of a program translates and compiles nothing, adds no file
  n1=$(find "$TRITONC_CACHE_DIR" -type f | wc -l)
  log=$OUT/cache_rerun.log
  if prog "$log" --stats $PROGS/run_add.py torch && grep -q "translations=0, compilations=0" "$log" &&
     grep -Eq "disk_hits=[1-9]" "$log"; then
    n2=$(find "$TRITONC_CACHE_DIR" -type f | wc -l)
    if [ "$n1" = "$n2" ]; then pass cache_disk_second_run
    else fail cache_disk_second_run "cache grew from $n1 to $n2 files"; fi
  else fail cache_disk_second_run "$(grep 'tritonc stats' "$log" || why "$log")"; fi
  # ...and the first run did translate (the figures above are not vacuous)
  if grep -Eq "translations=[1-9].*compilations=[1-9]" $OUT/add_torch.log; then pass cache_first_run_builds
  else fail cache_first_run_builds "$(grep 'tritonc stats' $OUT/add_torch.log)"; fi
  log=$OUT/cache_memory.log
  if prog "$log" $PROGS/run_cache.py && grep -q "^cache ok" "$log"; then pass cache_memory
  else fail cache_memory "$(why "$log")"; fi
  log=$OUT/cache_dir.log
  if $PY -m tritonc --cache-dir > "$log" 2>&1 && [ "$(cat "$log")" = "$TRITONC_CACHE_DIR/runner" ]; then
    pass cache_dir_option
  else fail cache_dir_option "printed $(cat "$log")"; fi

  log=$OUT/errors.log
  prog "$log" $PROGS/run_errors.py
  grep -E '^(PASS|FAIL)' "$log"
  p=$(grep -c '^PASS' "$log"); f=$(grep -c '^FAIL' "$log")
  passed=$((passed + p)); failed=$((failed + f))
  [ "$p" -ge 10 ] || fail errors "only $p of 10 error cases ran: $(why "$log")"

  log=$OUT/err_translate.log
  prog "$log" $PROGS/err_translate.py; rc=$?
  if [ $rc = 1 ] && grep -q "^err_translate.py:12:28: error: tensor has no attribute" "$log" &&
     grep -q '^ *\^$' "$log"; then pass error_translation_cli
  else fail error_translation_cli "exit $rc: $(why "$log")"; fi

  log=$OUT/tutorial_vector_add.log
  if prog "$log" $PROGS/tutorial_vector_add.py &&
     grep -q "maximum difference between torch and triton is 0.0" "$log"; then pass tutorial_vector_add
  else fail tutorial_vector_add "$(why "$log")"; fi
else
  skip features "no torch"
fi

# the disk cache after faults: truncated / corrupted entries rebuilt, a killed compile leaves
# nothing that loads (numpy only)
log=$OUT/cache_faults.log
$PY $PROGS/run_cache_faults.py > "$log" 2>&1
grep -E '^(PASS|FAIL|SKIP)' "$log"
p=$(grep -c '^PASS' "$log"); f=$(grep -c '^FAIL' "$log")
passed=$((passed + p)); failed=$((failed + f))
grep -q "^cache_faults ok" "$log" || [ "$f" -gt 0 ] || fail cache_faults "$(why "$log")"

# the pytest plugin that runs Triton's test_core.py (tests/conformance/test_core_runner.sh), on a
# small file of test_core's idioms: outcomes per function must be exactly as designed
if $PY -c "import pytest, torch" >/dev/null 2>&1; then
  res=$OUT/plugin
  printf 'test_listed_skip  listed for the plugin test\ntest_listed_target_skip@c  listed for c\ntest_closure_constant@cuda  listed for cuda only: runs on c\n' > $OUT/plugin_skips.txt
  run_plugin() {
    nice $PY -m pytest -q -p no:cacheprovider -p tritonc.pytest_plugin --tritonc-target=c \
      --tritonc-skips=$OUT/plugin_skips.txt --tritonc-results=$res/c "$@" \
      tests/runner/plugin/test_mini_core.py
  }
  run_plugin > $OUT/plugin.log 2>&1
  $PY tests/conformance/core_report.py $res $OUT/plugin_report > /dev/null 2>&1
  if $PY - $OUT/plugin_report/report.json <<'PYEOF' > $OUT/plugin_check.log 2>&1; then pass pytest_plugin_outcomes
import json, sys
r = json.load(open(sys.argv[1]))["c"]
want = {"test_unary": {"passed": 3}, "test_closure_constant": {"passed": 1},
        "test_translation_error_raises": {"passed": 1}, "test_reads_ptx": {"skipped": 1, "ran": 1},
        "test_reads_ptx_unlaunched": {"skipped": 1},
        "test_expected_failure": {"failed": 1}, "test_listed_skip": {"skipped": 1},
        "test_error_cause": {"passed": 1}, "test_device_fixture": {"passed": 1},
        "test_unsigned_wrapper": {"passed": 1}, "test_listed_target_skip": {"skipped": 1}}
assert r["per_function"] == want, r["per_function"]
assert list(r["failure_causes"]) == ["AssertionError: deliberately wrong expectation"], r
PYEOF
  else fail pytest_plugin_outcomes "$(cat $OUT/plugin_check.log | tail -n 2 | cut -c1-300)"; fi
  run_plugin --tritonc-resume > $OUT/plugin_resume.log 2>&1
  if grep -Eq "13 deselected" $OUT/plugin_resume.log; then pass pytest_plugin_resume
  else fail pytest_plugin_resume "$(tail -n 1 $OUT/plugin_resume.log)"; fi
  # --tritonc-shard: two shard processes together run each of the 13 tests exactly once
  rm -rf $OUT/plugin_shard
  for i in 0 1; do
    nice $PY -m pytest -q -p no:cacheprovider -p tritonc.pytest_plugin --tritonc-target=c \
      --tritonc-skips=$OUT/plugin_skips.txt --tritonc-results=$OUT/plugin_shard/c \
      --tritonc-shard=$i/2 tests/runner/plugin/test_mini_core.py > $OUT/plugin_shard$i.log 2>&1
  done
  if $PY - $OUT/plugin_shard/c <<'PYEOF' > $OUT/plugin_shard_check.log 2>&1; then pass pytest_plugin_shard
import json, os, sys
d = sys.argv[1]
ids = [[json.loads(l)["nodeid"] for l in open(os.path.join(d, "results-shard%d.jsonl" % i))]
       for i in (0, 1)]
assert ids[0] and ids[1], ids
assert not set(ids[0]) & set(ids[1]), ids
assert sorted(ids[0] + ids[1]) == sorted(open(os.path.join(d, "collected.txt")).read().split("\n")[:-1])
assert len(ids[0] + ids[1]) == 13, ids
PYEOF
  else fail pytest_plugin_shard "$(tail -n 2 $OUT/plugin_shard_check.log | cut -c1-300)"; fi
  # a library imported by the tests' conftest.py (before pytest_configure) runs through tritonc
  nice $PY -m pytest -q -p no:cacheprovider -p tritonc.pytest_plugin --tritonc-target=c \
    tests/runner/plugin_lib > $OUT/plugin_lib.log 2>&1
  if grep -q "^2 passed" $OUT/plugin_lib.log; then pass pytest_plugin_conftest_import
  else fail pytest_plugin_conftest_import "$(grep -E '^E |passed|failed|error' $OUT/plugin_lib.log | tail -n 2 | cut -c1-300)"; fi
else
  skip pytest_plugin "no pytest"
fi

if [ $HAS_CUDA = 1 ]; then
  for ex in examples/*.py; do
    name=$(basename "$ex" .py)
    for target in cuda c; do
      log=$OUT/gpu_${name}_$target.log
      if TRITONC_TARGET=$target prog "$log" "$ex" && ! grep -q "Error" "$log"; then
        pass "gpu_${name}_$target"; cat "$log"
      else fail "gpu_${name}_$target" "$(why "$log")"; fi
    done
  done
else
  skip gpu_examples "no CUDA device: examples/*.py's own __main__ (device='cuda') not run"
fi
echo "$passed passed, $failed failed"
[ $failed = 0 ]
