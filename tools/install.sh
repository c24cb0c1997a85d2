#!/bin/sh
# install.sh — `make install` / `make uninstall`: tritonc, its runtime headers, the NVRTC runtime
# library (where a CUDA toolkit is found), the CMake module, the Makefile fragment and the Python
# runner for PYTHON.
#
#   sh tools/install.sh install|uninstall PREFIX [DESTDIR]
#   PYTHON (default: the system python3), PYTHONDIR (default: where PYTHON looks under PREFIX)
#
# Layout under PREFIX:
#   bin/tritonc                    the translator
#   include/tritonc/               tc_simd.h tc_helpers.h tc_cuda_kernel.h (--include-runtime), tc_cuda.h
#   lib/libtritonc_cuda.so         runtime/tc_cuda.c: NVRTC compile + driver launch of .cu text
#   lib/cmake/Tritonc/             Tritonc.cmake, TritoncConfig.cmake (find_package(Tritonc))
#   share/tritonc/tritonc.mk       the Makefile fragment
#   PYTHONDIR/tritonc/             the runner (python3 -m tritonc PROGRAM.py), with _installed.py
#                                  naming the installed translator and library
set -e
cd "$(dirname "$0")/.."
mode=$1 prefix=$2 destdir=${3:-}
case $prefix in /*) ;; *) echo "install.sh: PREFIX must be an absolute path: '$prefix'" >&2; exit 2 ;; esac
root=$destdir$prefix
PYTHON=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3 )}
# Debian's python3 reads PREFIX/lib/pythonX.Y/dist-packages (site-packages is not on its path)
PYTHONDIR=${PYTHONDIR:-$("$PYTHON" - "$prefix" <<'PY'
import sys, sysconfig
prefix = sys.argv[1]
if any(p.endswith("/dist-packages") for p in sys.path):
    print("%s/lib/python%d.%d/dist-packages" % ((prefix,) + sys.version_info[:2]))
else:
    print(sysconfig.get_path("purelib", "posix_prefix", vars={"base": prefix, "platbase": prefix}))
PY
)}
HEADERS="tc_simd.h tc_helpers.h tc_cuda_kernel.h tc_cuda.h"

if [ "$mode" = uninstall ]; then
  rm -f "$root/bin/tritonc" "$root/lib/libtritonc_cuda.so" "$root/share/tritonc/tritonc.mk" \
        "$root/lib/cmake/Tritonc/Tritonc.cmake" "$root/lib/cmake/Tritonc/TritoncConfig.cmake"
  for h in $HEADERS; do rm -f "$root/include/tritonc/$h"; done
  rm -rf "$destdir$PYTHONDIR/tritonc"
  for d in include/tritonc lib/cmake/Tritonc share/tritonc; do
    rmdir "$root/$d" 2> /dev/null || true
  done
  echo "removed tritonc from $root"
  exit 0
fi
[ "$mode" = install ] || { echo "usage: install.sh install|uninstall PREFIX [DESTDIR]" >&2; exit 2; }

mkdir -p "$root/bin" "$root/include/tritonc" "$root/lib/cmake/Tritonc" "$root/share/tritonc" \
         "$destdir$PYTHONDIR"
cp bin/tritonc "$root/bin/tritonc"
for h in $HEADERS; do cp "runtime/$h" "$root/include/tritonc/$h"; done
cp cmake/Tritonc.cmake cmake/TritoncConfig.cmake "$root/lib/cmake/Tritonc/"
cp mk/tritonc.mk "$root/share/tritonc/tritonc.mk"

# The NVRTC runtime, linked as the runner links it (launch_cuda.py): rpath to the toolkit's libnvrtc,
# the driver's libcuda.so.1 at run time.
lib=None
. tests/cuda/cuda_env.sh
if [ -n "$CUDA_LIB" ]; then
  mkdir -p build/lib
  ${CC:-cc} -std=c11 -O2 -fPIC -shared -D_POSIX_C_SOURCE=200809L -Iruntime -I"$CUDA_INC" \
    runtime/tc_cuda.c -o build/lib/libtritonc_cuda.so -L"$CUDA_LIB" -Wl,-rpath,"$CUDA_LIB" \
    ${CUDA_STUBS:+-L"$CUDA_STUBS"} -lnvrtc -lcuda
  cp build/lib/libtritonc_cuda.so "$root/lib/libtritonc_cuda.so"
  lib="\"$prefix/lib/libtritonc_cuda.so\""
else
  echo "install.sh: no CUDA toolkit (nvrtc.h): lib/libtritonc_cuda.so not installed"
fi

rm -rf "$destdir$PYTHONDIR/tritonc"
mkdir -p "$destdir$PYTHONDIR/tritonc"
(cd python/tritonc && find . -name __pycache__ -prune -o -type f -name '*.py' -print) |
  while read -r f; do
    mkdir -p "$destdir$PYTHONDIR/tritonc/$(dirname "$f")"
    cp "python/tritonc/$f" "$destdir$PYTHONDIR/tritonc/$f"
  done
cat > "$destdir$PYTHONDIR/tritonc/_installed.py" <<PY
"""Where make install put tritonc (written by tools/install.sh)."""
TRITONC = "$prefix/bin/tritonc"
INCLUDE_DIR = "$prefix/include/tritonc"
CUDA_RUNTIME_LIB = $lib
PY
echo "installed tritonc in $root (Python runner: $destdir$PYTHONDIR/tritonc for $PYTHON)"
