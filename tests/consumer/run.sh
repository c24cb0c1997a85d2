#!/bin/sh
# run.sh — tritonc used as a build tool by another project (examples/consumer), as `make test`'s
# consumer suite:
#   1. examples/consumer copied out of the repository and built with CMake (cmake/Tritonc.cmake of
#      this checkout): the C program runs and checks its results; the CUDA program is built where
#      nvcc exists (compile and link only: it runs where a GPU is); touching the kernel's .py
#      regenerates both translations, a build with nothing changed regenerates nothing;
#   2. the same C program built with the Makefile fragment (mk/tritonc.mk);
#   3. make install into a temporary prefix, then from there: the CMake consumer through
#      find_package(Tritonc) (a newer translator translates again), the Makefile fragment, and the Python runner (python3 -m tritonc
#      PROGRAM.py in a folder outside the repository, finding the installed translator);
#      make uninstall leaves no file behind.
# Needs cmake (Debian's); prints PASS/FAIL/SKIP lines and "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
. tests/cuda/cuda_env.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/consumer.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; [ -f "$3" ] && sed -n '1,25s/^/    /p' "$3"; fail=$((fail + 1)); }
# run NAME LOG CMD...: PASS when CMD succeeds, else FAIL with LOG's head
run() { n=$1 log=$2; shift 2; if "$@" > "$log" 2>&1; then ok "$n"; else bad "$n" "exit $?" "$log"; fi; }

if ! command -v cmake > /dev/null 2>&1; then
  echo "FAIL consumer (no cmake: apt-get install cmake)"; echo "0 passed, 1 failed"; exit 1
fi
cuda_opt=
[ -n "$NVCC" ] && cuda_opt="-DCMAKE_CUDA_COMPILER=$NVCC"

# 1. CMake, this checkout's module
cp -r examples/consumer "$tmp/src"
rm -rf "$tmp/src/build"
run cmake-configure "$tmp/configure.log" \
  cmake -S "$tmp/src" -B "$tmp/b" -DTRITONC_ROOT="$ROOT" $cuda_opt
run cmake-build "$tmp/build.log" cmake --build "$tmp/b" -j2
run cmake-c-runs "$tmp/run.log" "$tmp/b/axpy"
run cmake-c-runs-small "$tmp/run.log" "$tmp/b/axpy" 5
if [ -n "$NVCC" ]; then
  if [ -x "$tmp/b/axpy_cuda" ]; then ok cmake-cuda-builds
  else bad cmake-cuda-builds "no axpy_cuda" "$tmp/build.log"; fi
else
  echo "SKIP cmake-cuda-builds (no nvcc)"
fi
cmake --build "$tmp/b" > "$tmp/again.log" 2>&1
if grep -q "tritonc:" "$tmp/again.log"; then bad cmake-no-change "regenerated" "$tmp/again.log"
else ok cmake-no-change; fi
sleep 1; touch "$tmp/src/axpy.py"
cmake --build "$tmp/b" > "$tmp/touch.log" 2>&1
want=1; [ -n "$NVCC" ] && want=2
if [ "$(grep -c 'tritonc: axpy_kernel' "$tmp/touch.log")" -eq $want ]; then ok cmake-regenerates
else bad cmake-regenerates "want $want translations" "$tmp/touch.log"; fi

# 2. the Makefile fragment
run make-fragment "$tmp/mk.log" make -C "$tmp/src" build/axpy TRITONC_MK="$ROOT/mk/tritonc.mk"
run make-fragment-runs "$tmp/run.log" "$tmp/src/build/axpy"

# 3. installed
PY=
for p in /usr/bin/python3 python3; do
  if $p -c "import numpy" > /dev/null 2>&1; then PY=$p; break; fi
done
prefix=$tmp/prefix
pydir=$tmp/prefix/python
run install "$tmp/install.log" make -s install PREFIX="$prefix" PYTHON="${PY:-python3}" PYTHONDIR="$pydir"
rm -rf "$tmp/src/build"
run installed-cmake-configure "$tmp/configure2.log" \
  cmake -S "$tmp/src" -B "$tmp/b2" -DTRITONC_ROOT= -DCMAKE_PREFIX_PATH="$prefix"
if grep -qx "TRITONC_EXECUTABLE:FILEPATH=$prefix/bin/tritonc" "$tmp/b2/CMakeCache.txt"; then
  ok installed-cmake-finds-tritonc
else bad installed-cmake-finds-tritonc "not $prefix/bin/tritonc" "$tmp/b2/CMakeCache.txt"; fi
run installed-cmake-build "$tmp/build2.log" cmake --build "$tmp/b2" -j2
run installed-cmake-runs "$tmp/run.log" "$tmp/b2/axpy"
sleep 1; touch "$prefix/bin/tritonc"  # a new translator: the kernel is translated again
cmake --build "$tmp/b2" > "$tmp/touch2.log" 2>&1
if grep -q 'tritonc: axpy_kernel' "$tmp/touch2.log"; then ok installed-cmake-regenerates
else bad installed-cmake-regenerates "not translated again" "$tmp/touch2.log"; fi
run installed-make-fragment "$tmp/mk2.log" \
  make -C "$tmp/src" build/axpy TRITONC_MK="$prefix/share/tritonc/tritonc.mk"
if grep -q "^$prefix/share/tritonc/../../bin/tritonc " "$tmp/mk2.log"; then ok installed-make-uses-prefix
else bad installed-make-uses-prefix "not the installed tritonc" "$tmp/mk2.log"; fi
run installed-make-runs "$tmp/run.log" "$tmp/src/build/axpy"
if [ -z "$PY" ]; then
  echo "SKIP installed-runner (no python3 with numpy)"
else
  mkdir -p "$tmp/elsewhere"
  cp tests/consumer/axpy_runner.py "$tmp/elsewhere/"
  (cd "$tmp/elsewhere" && env -u TRITONC PATH=/usr/bin:/bin PYTHONPATH="$pydir" \
     TRITONC_CACHE_DIR="$tmp/cache" "$PY" -m tritonc axpy_runner.py) > "$tmp/runner.log" 2>&1
  if grep -qx "runner ok" "$tmp/runner.log"; then ok installed-runner
  else bad installed-runner "no 'runner ok'" "$tmp/runner.log"; fi
  (cd "$tmp/elsewhere" && PYTHONPATH="$pydir" "$PY" -c \
     "import tritonc.build as b; print(b.tritonc_path())") > "$tmp/which.log" 2>&1
  if grep -qx "$prefix/bin/tritonc" "$tmp/which.log"; then ok installed-runner-finds-tritonc
  else bad installed-runner-finds-tritonc "not $prefix/bin/tritonc" "$tmp/which.log"; fi
fi
run uninstall "$tmp/uninstall.log" make -s uninstall PREFIX="$prefix" PYTHON="${PY:-python3}" PYTHONDIR="$pydir"
left=$(find "$prefix" -type f | head -n 5)
if [ -z "$left" ]; then ok uninstall-removes-all; else bad uninstall-removes-all "left: $left"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
