#!/bin/sh
# tests/cuda/run.sh — the CUDA target without a GPU. Builds runtime/tc_cuda.c's tools and checks:
#   - the runtime compiles -Wall -Wextra -Werror with gcc and clang (with and without the driver
#     part), its header parses as C++, examples/cuda_nvrtc_add.c links against the driver stub;
#   - tests/cuda/test_cache.c (hash, target choice, atomic disk cache, NVRTC end to end) passes
#     under ASan+UBSan;
#   - every .cu in tests/cuda/samples/ compiles with NVRTC (tests/cuda/nvrtc_check, the runtime's
#     own options, warnings are failures) and with nvcc -c for each architecture in CUDA_ARCHS;
#   - every golden CUDA file (tests/golden/cu_*.cu) compiles with NVRTC;
#   - when bin/tritonc supports --target cuda, every tests/cases/*.case and tests/cases_pending/*.case
#     kernel translated with it
#     compiles the same ways (NVRTC for every architecture, nvcc for the last one). Cases the
#     translator rejects are SKIP lines (FAIL with CUDA_STRICT=1). The files stay in build/cuda/gen.
# Prints PASS / FAIL / SKIP lines with compile times and ends with "N passed, N failed". Without a
# CUDA toolkit (nvrtc.h under $CUDA_HOME, $CUDA_PATH, nvcc's directory or /usr/local/cuda) it
# prints one SKIP line and "0 passed, 0 failed" and exits 0.
# Environment: CC (default cc), TRITONC (default bin/tritonc), CUDA_ARCHS (default "sm_80 sm_90"),
# CUDA_STRICT, CUDA_CASES (case names to translate; default all).
cd "$(dirname "$0")/../.." || exit 2
. tests/cuda/cuda_env.sh
CC=${CC:-cc}
TRITONC=${TRITONC:-bin/tritonc}
ARCHS=${CUDA_ARCHS:-sm_80 sm_90}
WARN="-std=c11 -Wall -Wextra -Werror"
passed=0
failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
skip() { echo "SKIP $*"; }

if [ -z "$CUDA" ] || [ -z "$CUDA_LIB" ]; then
  skip "cuda: no CUDA toolkit with nvrtc.h and libnvrtc (set CUDA_HOME)"
  echo "0 passed, 0 failed"
  exit 0
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_cuda.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
NVRTC_LINK="-L$CUDA_LIB -Wl,-rpath,$CUDA_LIB -lnvrtc"
echo "# CUDA toolkit $CUDA (nvcc: ${NVCC:-none}), architectures: $ARCHS"

# absorb NAME LOG RC: show a sub-program's lines, count its PASS/FAIL lines as ours (its own
# closing "N passed, N failed" is left out); a crash or a missing result line is one FAIL.
absorb() {
  grep -Ev '^[0-9]+ passed, [0-9]+ failed$' "$2"
  p=$(grep -c '^PASS' "$2"); f=$(grep -c '^FAIL' "$2")
  passed=$((passed + p)); failed=$((failed + f))
  if ! grep -Eq '^[0-9]+ passed, [0-9]+ failed$' "$2" || { [ "$3" -ne 0 ] && [ "$f" -eq 0 ]; }; then
    fail "$1 (exit status $3, no result line)"
  fi
}

# build NAME OUT CC FLAGS...: compile, PASS/FAIL with the first error line
build() {
  name=$1 out=$2 cc=$3
  shift 3
  # shellcheck disable=SC2086
  if $cc "$@" -o "$out" > "$TMP/build.log" 2>&1; then pass "$name"
  else fail "$name: $(grep -m1 -E 'error|undefined' "$TMP/build.log" || head -n 1 "$TMP/build.log")"; fi
}

# 1. the runtime, its header from C++, the example against the driver stub
# shellcheck disable=SC2086 # $WARN is a list of flags
for cc in gcc clang; do
  command -v $cc > /dev/null 2>&1 || { skip "runtime/$cc: $cc not installed"; continue; }
  build "runtime/$cc" "$TMP/r.o" $cc $WARN -O2 -Iruntime -I"$CUDA_INC" -c runtime/tc_cuda.c
  build "runtime-no-driver/$cc" "$TMP/r.o" $cc $WARN -O2 -DTC_CUDA_NO_DRIVER -Iruntime \
    -I"$CUDA_INC" -c runtime/tc_cuda.c
  if [ -n "$CUDA_STUBS" ]; then
    build "example-cuda_nvrtc_add/$cc" "$TMP/ex" $cc $WARN -O2 -Iruntime -I"$CUDA_INC" \
      examples/cuda_nvrtc_add.c runtime/tc_cuda.c -L"$CUDA_LIB" -L"$CUDA_STUBS" -lnvrtc -lcuda -lm
  else
    skip "example-cuda_nvrtc_add/$cc: no libcuda stub under $CUDA_LIB/stubs"
  fi
done
printf '#include "tc_cuda.h"\nint main(void) { return 0; }\n' > "$TMP/cxx.cc"
if command -v g++ > /dev/null 2>&1; then
  build "runtime-header-c++" "$TMP/cxx.o" g++ -std=c++17 -Wall -Wextra -Werror -Iruntime \
    -I"$CUDA_INC" -c "$TMP/cxx.cc"
fi

# 2. unit tests of the cache and NVRTC path, with the sanitizers
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# shellcheck disable=SC2086
if $CC $WARN -O1 -g $SAN -DTC_CUDA_NO_DRIVER -Iruntime -I"$CUDA_INC" tests/cuda/test_cache.c \
    $NVRTC_LINK -pthread -o "$TMP/test_cache" > "$TMP/build.log" 2>&1; then
  mkdir -p "$TMP/scratch"
  "$TMP/test_cache" "$TMP/scratch" tests/cuda/samples/add.cu > "$TMP/unit.log" 2>&1
  absorb test_cache "$TMP/unit.log" $?
else
  fail "test_cache: build failed: $(head -n 3 "$TMP/build.log")"
fi

# 3. nvrtc_check, then the samples
CHECK=$TMP/nvrtc_check
# shellcheck disable=SC2086
build nvrtc_check "$CHECK" $CC $WARN -O2 -DTC_CUDA_NO_DRIVER -Iruntime -I"$CUDA_INC" \
  tests/cuda/nvrtc_check.c runtime/tc_cuda.c $NVRTC_LINK
[ -x "$CHECK" ] || { echo "$passed passed, $failed failed"; exit 1; }
arch_args=""
for a in $ARCHS; do arch_args="$arch_args --arch $a"; done

# nvrtc FILES...: every file for every architecture through NVRTC
nvrtc() {
  # shellcheck disable=SC2086
  "$CHECK" --werror -Iruntime $arch_args "$@" > "$TMP/nvrtc.log" 2>&1
  absorb nvrtc_check "$TMP/nvrtc.log" $?
}
# nvcc_to FILE ARCH OBJ LOG: nvcc -c, device and host side warnings as errors
nvcc_to() {
  "$NVCC" -O3 -c -arch="$2" -Iruntime -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror \
    "$1" -o "$3" > "$4" 2>&1
}
# nvcc_c FILE ARCH: nvcc_to, reported
nvcc_c() {
  t0=$(now_s)
  if nvcc_to "$1" "$2" "$TMP/nvcc.o" "$TMP/nvcc.log"; then
    pass "nvcc $1 $2 ($(elapsed "$t0") s)"
  else
    fail "nvcc $1 $2 ($(grep -m1 error "$TMP/nvcc.log" || head -n 1 "$TMP/nvcc.log"))"
    sed 's/^/    /' "$TMP/nvcc.log" | head -n 20
  fi
}

# nvcc_par ARCH FILES...: nvcc_c of every file, JOBS at a time (default: the cores), reported
# in file order
nvcc_par() {
  arch=$1; shift
  jobs=${JOBS:-$(nproc 2> /dev/null || echo 2)}
  i=0
  for f in "$@"; do
    i=$((i + 1))
    (
      t0=$(now_s)
      if nvcc_to "$f" "$arch" "$TMP/nvcc.$i.o" "$TMP/nvcc.$i.log"; then
        echo "ok $(elapsed "$t0")" > "$TMP/nvcc.$i.res"
      else
        echo "bad" > "$TMP/nvcc.$i.res"
      fi
      rm -f "$TMP/nvcc.$i.o"
    ) &
    [ $((i % jobs)) -ne 0 ] || wait
  done
  wait
  i=0
  for f in "$@"; do
    i=$((i + 1))
    read -r st secs < "$TMP/nvcc.$i.res"
    if [ "$st" = ok ]; then
      pass "nvcc $f $arch ($secs s)"
    else
      fail "nvcc $f $arch ($(grep -m1 error "$TMP/nvcc.$i.log" || head -n 1 "$TMP/nvcc.$i.log"))"
      sed 's/^/    /' "$TMP/nvcc.$i.log" | head -n 20
    fi
  done
}

nvrtc tests/cuda/samples/*.cu
if [ -n "$NVCC" ]; then
  for f in tests/cuda/samples/*.cu; do
    for a in $ARCHS; do nvcc_c "$f" "$a"; done
  done
else
  skip "nvcc samples: no nvcc under $CUDA/bin"
fi

# 4. the committed golden CUDA (tests/golden/cu_*.cu, the text users read) compiles too
nvrtc tests/golden/cu_*.cu

# 5. the translator's own CUDA, when it has a CUDA target
ADD_SIG="*fp32:16, *fp32:16, *fp32:16, i32, 1024"
if [ ! -x "$TRITONC" ]; then
  skip "generated: $TRITONC not built"
elif "$TRITONC" examples/add.py -n add_kernel -s "$ADD_SIG" -g "cdiv(n_elements, 1024), 1, 1" \
    --target cuda -o "$TMP/probe" > /dev/null 2> "$TMP/probe.log"; [ $? -eq 2 ]; then
  skip "generated: $TRITONC has no --target cuda ($(head -n 1 "$TMP/probe.log"))"
else
  gen=build/cuda/gen # kept for inspection
  rm -rf "$gen"
  mkdir -p "$gen"
  field() { sed -n "s/^$1:[[:space:]]*//p" "$2" | head -n 1; }
  for c in tests/cases/*.case tests/cases_pending/*.case; do
    n=$(basename "$c" .case)
    [ -n "${CUDA_CASES:-}" ] && ! echo " $CUDA_CASES " | grep -q " $n " && continue
    f=$(field file "$c"); k=$(field kernel "$c"); s=$(field signature "$c"); g=$(field grid "$c")
    w=$(field warps "$c")
    if ! timeout 20 "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" -w "${w:-4}" --target cuda -o "$gen/$n" \
        > /dev/null 2> "$gen/$n.log"; then
      why="translator: $(grep -m1 error "$gen/$n.log" || head -n 1 "$gen/$n.log")"
      if [ -n "${CUDA_STRICT:-}" ]; then fail "generated $n ($why)"; else skip "generated $n ($why)"; fi
      rm -f "$gen/$n.cu"
    fi
  done
  if ls "$gen"/*.cu > /dev/null 2>&1; then
    nvrtc "$gen"/*.cu
    if [ -n "$NVCC" ]; then
      last=""
      for a in $ARCHS; do last=$a; done
      nvcc_par "$last" "$gen"/*.cu
    fi
  else
    fail "generated: no case translated to CUDA"
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
