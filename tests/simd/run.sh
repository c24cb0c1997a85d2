#!/bin/sh
# tests/simd/run.sh — build and run tests/simd/test_simd.c once per SIMD level this machine can
# run (avx512 via -march=native, avx2, portable scalar), each with libm and with SLEEF math, all
# under -fsanitize=address,undefined at -O1 (a third of the build's CPU at -O2: 4.6 s instead of
# 12.8 s for avx512; -O2 builds are compile-checked below); compile-check the header at -O3 -march=native; compile (and,
# with qemu-aarch64, run) the NEON level when aarch64-linux-gnu-gcc is installed.
# Prints PASS / FAIL / SKIP lines and ends with "N passed, N failed" (N counts test groups and
# compile checks). Exit status 1 on any failure. Honours CC (default cc).
cd "$(dirname "$0")/../.." || exit 2
CC=${CC:-cc}
SRC=tests/simd/test_simd.c
WARN="-std=c11 -Wall -Wextra -Werror"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_simd.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
passed=0
failed=0

pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
skip() { echo "SKIP $*"; }

has_cpu() { # has_cpu FLAG...: every flag is listed in /proc/cpuinfo
  [ -r /proc/cpuinfo ] || return 1
  for f in "$@"; do
    grep -qw "$f" /proc/cpuinfo || return 1
  done
}

# SLEEF present: header found and -lsleef links
sleef=0
printf '#include <sleef.h>\nint main(void) { return (int)Sleef_expf_u10(0.0f) - 1; }\n' > "$TMP/s.c"
if $CC "$TMP/s.c" -o "$TMP/s" -lsleef -lm > /dev/null 2>&1 && "$TMP/s"; then
  sleef=1
fi

# run_level NAME EXPECTED_ISA FLAGS...: build and run the test with libm and with SLEEF math
run_level() {
  name=$1 want=$2
  shift 2
  for math in libm sleef; do
    tag="$name $math"
    extra=""
    if [ $math = sleef ]; then
      if [ $sleef = 0 ]; then
        skip "$tag: sleef.h / -lsleef not available"
        continue
      fi
      extra="-DTC_HAVE_SLEEF -lsleef"
    fi
    exe="$TMP/t_${name}_$math"
    # shellcheck disable=SC2086
    if ! $CC $WARN -O1 -g $SAN "$@" $SRC -o "$exe" $extra -lm > "$exe.build.log" 2>&1; then
      fail "$tag: build failed ($CC $* $extra)"
      sed 's/^/    /' "$exe.build.log" | head -n 30
      continue
    fi
    "$exe" > "$exe.run.log" 2>&1
    rc=$?
    isa=$(sed -n 's/^# tc_simd level \([a-z0-9]*\).*/\1/p' "$exe.run.log")
    last=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$exe.run.log" | tail -n 1)
    grep '^FAIL' "$exe.run.log" | sed "s/^FAIL /FAIL [$tag] /"
    if [ -z "$last" ]; then
      fail "$tag: test crashed (exit $rc); log tail:"
      tail -n 25 "$exe.run.log" | sed 's/^/    /'
      continue
    fi
    p=${last%% passed*}
    f=${last#*passed, }
    f=${f%% failed*}
    echo "GROUPS $p $f" # the test's own groups, counted by collect
    if [ "$isa" != "$want" ]; then
      fail "$tag: built level '$isa', expected '$want'"
    elif [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
      fail "$tag: $f of $((p + f)) groups failed (exit $rc)"
    else
      echo "PASS $tag: $p groups"
    fi
  done
}

# compile_check NAME FLAGS...: the header and test compile warning-free (no run)
compile_check() {
  name=$1
  shift
  # shellcheck disable=SC2086
  if $CC $WARN "$@" -c $SRC -o "$TMP/cc.$name.o" > "$TMP/cc.$name.log" 2>&1; then
    pass "compile $name ($CC $*)"
  else
    fail "compile $name ($CC $*)"
    sed 's/^/    /' "$TMP/cc.$name.log" | head -n 30
  fi
}

# compile_amx NAME FLAGS...: compile_check, and the object holds the tile unit's bf16 product
compile_amx() {
  name=$1
  compile_check "$@"
  command -v objdump > /dev/null 2>&1 || return 0
  if objdump -d "$TMP/cc.$name.o" 2> /dev/null | grep -q tdpbf16ps; then
    pass "$name: tdpbf16ps in the object"
  else
    fail "$name: no tdpbf16ps in the object (section amx not chosen)"
  fi
}

# run_amx: the avx512 level with the tile unit; the test must say it used it
run_amx() {
  run_level avx512-amx avx512 -march=native
  if grep -q '^# tc_dot_bf16 on amx' "$TMP/t_avx512-amx_libm.run.log"; then
    pass "avx512-amx: tc_dot_bf16 ran on AMX tiles"
  else
    fail "avx512-amx: tc_dot_bf16 did not run on AMX ($(grep '^# tc_dot_bf16' "$TMP/t_avx512-amx_libm.run.log"))"
  fi
}

# run_amx_model: the same with the tile instructions modelled in C (tests/simd/amx_model.h):
# the section's packing, blocking and panels, on any AVX-512 machine
run_amx_model() {
  run_level avx512-amx-model avx512 -march=native -mamx-tile -mamx-bf16 -DTC_AMX_MODEL \
    -DTC_AMX_PANEL_BYTES=16384
  if grep -q '^# tc_dot_bf16 on amx (the C model)' "$TMP/t_avx512-amx-model_libm.run.log"; then
    pass "avx512-amx-model: tc_dot_bf16 ran on the modelled tiles"
  else
    fail "avx512-amx-model: tc_dot_bf16 did not run on the modelled tiles"
  fi
}

# bg CHECK ARGS...: a check in the background, its lines to $TMP/res.N (the checks are
# independent builds and runs); collect prints them in order and counts them
seq=0
bg() {
  seq=$((seq + 1))
  "$@" > "$TMP/res.$(printf %03d $seq)" 2>&1 &
}
collect() {
  wait
  for r in "$TMP"/res.*; do
    [ -f "$r" ] || continue
    grep -v '^GROUPS ' "$r"
    # the test's own FAIL lines ("FAIL [level] ...") are in its GROUPS count
    passed=$((passed + $(grep -c '^PASS' "$r"))); failed=$((failed + $(grep -c '^FAIL [^[]' "$r")))
    set -- $(awk '/^GROUPS / { p += $2; f += $3 } END { print p + 0, f + 0 }' "$r")
    passed=$((passed + $1)); failed=$((failed + $2))
    rm -f "$r"
  done
}

arch=$(uname -m)
case $arch in
x86_64 | i?86)
  if has_cpu avx512f avx512bw avx512dq avx512vl; then
    bg run_level avx512 avx512 -march=native
    bg compile_check avx512-O3 -O3 -march=native
    # tc_dot_f32 with another register block (every leftover path of the blocking taken)
    bg run_level avx512-dot5x3 avx512 -march=native -DTC_DOT_MR=5 -DTC_DOT_NV=3
    bg compile_check avx512-O3-sleef -O3 -march=native -DTC_HAVE_SLEEF
    # tc_dot_bf16 on AMX tiles (section amx): run where the CPU has them, else compile for a CPU
    # that has them (the tile instructions must be in the objects: tdpbf16ps)
    if has_cpu amx_tile amx_bf16; then
      bg run_amx
    else
      bg compile_amx amx-O3 -O3 -march=sapphirerapids
      bg compile_amx amx-O1-san -O1 $SAN -march=sapphirerapids
    fi
    bg run_amx_model
  else
    skip "avx512: /proc/cpuinfo lacks one of avx512f avx512bw avx512dq avx512vl"
  fi
  if has_cpu avx2 fma f16c; then
    bg run_level avx2 avx2 -mavx2 -mfma -mf16c -DTC_SIMD_FORCE_AVX2
    bg run_level avx2-nof16c avx2 -mavx2 -mfma -mno-f16c -DTC_SIMD_FORCE_AVX2
    bg compile_check avx2-O3 -O3 -march=native -DTC_SIMD_FORCE_AVX2
  else
    skip "avx2: /proc/cpuinfo lacks one of avx2 fma f16c"
  fi
  ;;
aarch64 | arm64)
  bg run_level neon-native neon -O2
  ;;
*)
  skip "native vector level: no test level for $arch"
  ;;
esac
bg run_level scalar scalar -DTC_SIMD_FORCE_SCALAR
bg compile_check scalar-O3 -O3 -march=native -DTC_SIMD_FORCE_SCALAR
bg compile_check generic-O3 -O3

# NEON from an x86 host: cross-compile; run under qemu-aarch64 when it is there
if [ "$arch" != aarch64 ] && [ "$arch" != arm64 ]; then
  XCC=aarch64-linux-gnu-gcc
  if command -v $XCC > /dev/null 2>&1; then
    for opt in -O2 -O3; do
      # shellcheck disable=SC2086
      if $XCC $WARN $opt -static $SRC -o "$TMP/t_neon" -lm > "$TMP/x.log" 2>&1; then
        pass "compile neon $opt ($XCC)"
      else
        fail "compile neon $opt ($XCC)"
        sed 's/^/    /' "$TMP/x.log" | head -n 30
      fi
    done
    if [ -x "$TMP/t_neon" ] && command -v qemu-aarch64 > /dev/null 2>&1; then
      qemu-aarch64 "$TMP/t_neon" > "$TMP/run.log" 2>&1
      rc=$?
      last=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$TMP/run.log" | tail -n 1)
      grep '^FAIL' "$TMP/run.log" | sed 's/^FAIL /FAIL [neon qemu] /'
      if [ -n "$last" ] && [ $rc -eq 0 ] && grep -q '^# tc_simd level neon' "$TMP/run.log"; then
        p=${last%% passed*}
        passed=$((passed + p))
        echo "PASS neon libm (qemu-aarch64, no sanitizers): $p groups"
      else
        fail "neon libm (qemu-aarch64): exit $rc, ${last:-no result line}"
      fi
    else
      skip "neon run: qemu-aarch64 not installed (compile-checked only)"
    fi
  else
    skip "neon: $XCC not installed"
  fi
fi

collect
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
