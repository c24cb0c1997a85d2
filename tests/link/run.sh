#!/bin/sh
# run.sh — --link (src/link.c) on tests/link/kernels.py: the linked C functions run the
# specialization whose hints the arguments satisfy (16-byte aligned and misaligned pointers,
# sizes divisible by 16 or not, int32 sizes and sizes past 2^31 elements, a constexpr 1 stride),
# compute what plain C loops do (driver.c), and return KERNEL_NO_MATCH, writing nothing, when no
# specialization fits. Built -Wall -Wextra -Werror, at -O2 and with ASan+UBSan. With nvcc, the
# CUDA translation of the same links and tests/link/driver_cuda.cu build, and on a machine with a
# GPU the driver runs the same checks on device buffers. Prints PASS/FAIL lines and "N passed, N failed".
# Honours CC, TRITONC.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
CC=${CC:-cc}
K=tests/link/kernels.py
. tests/cuda/cuda_env.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/link.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; [ -f "$3" ] && sed -n '1,15s/^/    /p' "$3"; fail=$((fail + 1)); }

# link TARGET OUT KERNEL GRID SIG...: translate, PASS/FAIL line per link
link() {
  target=$1 out=$2 kernel=$3 grid=$4; shift 4
  n=$#
  for s in "$@"; do set -- "$@" -s "$s"; done
  shift "$n"
  if "$T" "$K" -n "$kernel" -g "$grid" --link --target "$target" -o "$tmp/$target/$out" "$@" \
       2> "$tmp/err"; then
    ok "link-$target-$out"
  else
    bad "link-$target-$out" "tritonc failed" "$tmp/err"
  fi
}
links() { # target
  mkdir -p "$tmp/$1"
  link "$1" scale_add scale_add_kernel "cdiv(n, 256), 1, 1" \
    "*fp32:16, *fp32:16, *fp32:16, i32:16, fp32, 256" "*fp32, *fp32, *fp32, i32, fp32, 256"
  link "$1" index_fill index_fill_kernel "cdiv(n - start, 1024), 1, 1" \
    "*i64:16, i32, i32, 1024" "*i64:16, i64, i64, 1024"
  link "$1" stride_copy stride_copy_kernel "cdiv(n, 128), 1, 1" \
    "*fp32, *fp32, i32, 1, 128" "*fp32, *fp32, i32, i32, 128"
  link "$1" strict strict_kernel "cdiv(n, 256), 1, 1" "*fp32:16, *fp32:16, *fp32:16, i32:16, fp32, 256"
}
links c

probes="-Dscale_add_kernel_s0=probe_scale_add_kernel_s0 -Dscale_add_kernel_s1=probe_scale_add_kernel_s1
  -Dindex_fill_kernel_s0=probe_index_fill_kernel_s0 -Dindex_fill_kernel_s1=probe_index_fill_kernel_s1
  -Dstride_copy_kernel_s0=probe_stride_copy_kernel_s0 -Dstride_copy_kernel_s1=probe_stride_copy_kernel_s1"
for build in O2 san; do
  case $build in
    O2) flags="-O2 -march=native" ;;
    san) flags="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined" ;;
  esac
  d=$tmp/c/$build
  mkdir -p "$d"
  objs=
  okb=1
  for f in scale_add index_fill stride_copy strict; do
    # the linked function calls the probes; the specializations keep their names
    $CC -std=c11 $flags -fopenmp -Wall -Wextra -Werror $probes -c "$tmp/c/$f.c" -o "$d/$f.o" \
      2> "$tmp/cc" || { okb=0; bad "cc-$build-$f" "compile" "$tmp/cc"; }
    for s in 0 1; do
      [ -f "$tmp/c/${f}_s$s.c" ] || continue
      $CC -std=c11 $flags -fopenmp -Wall -Wextra -Werror -c "$tmp/c/${f}_s$s.c" -o "$d/${f}_s$s.o" \
        2> "$tmp/cc" || { okb=0; bad "cc-$build-${f}_s$s" "compile" "$tmp/cc"; }
    done
    objs="$objs $d/$f*.o"
  done
  if [ $okb = 1 ] && $CC -std=c11 $flags -fopenmp -Wall -Wextra -Werror -I"$tmp/c" \
       tests/link/driver.c $objs -o "$d/driver" -lm 2> "$tmp/cc"; then
    ok "build-$build"
    ASAN_OPTIONS=detect_leaks=0 "$d/driver" > "$tmp/drv.out" 2>&1; rc=$?
    while read -r l; do
      case $l in
        PASS*) echo "$l [$build]"; pass=$((pass + 1)) ;;
        FAIL*) echo "$l [$build]"; fail=$((fail + 1)) ;;
      esac
    done < "$tmp/drv.out"
    [ $rc -eq 0 ] || grep -q '^FAIL' "$tmp/drv.out" || bad "driver-$build" "exit $rc" "$tmp/drv.out"
  else
    bad "build-$build" "driver" "$tmp/cc"
  fi
done

if [ -n "$NVCC" ]; then
  links cuda
  # driver_cuda.cu calls the linked functions through probes, as driver.c does; it is built
  # wherever nvcc is and runs where a GPU is (TC_CUDA_ARCH, default sm_90)
  arch=${TC_CUDA_ARCH:-sm_90}
  nv() { "$NVCC" -O3 -arch="$arch" -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror "$@"; }
  objs=
  okb=1
  for f in scale_add index_fill stride_copy strict; do
    if (cd "$tmp/cuda" && nv $probes -c "$f.cu" -o "$f.o") > "$tmp/nvcc" 2>&1; then ok "nvcc-$f"
    else okb=0; bad "nvcc-$f" "nvcc" "$tmp/nvcc"; fi
    for s in 0 1; do
      [ -f "$tmp/cuda/${f}_s$s.cu" ] || continue
      (cd "$tmp/cuda" && nv -c "${f}_s$s.cu" -o "${f}_s$s.o") > "$tmp/nvcc" 2>&1 ||
        { okb=0; bad "nvcc-${f}_s$s" "nvcc" "$tmp/nvcc"; }
    done
    objs="$objs $tmp/cuda/$f*.o"
  done
  if [ $okb = 1 ] && nv -I"$tmp/cuda" tests/link/driver_cuda.cu $objs -o "$tmp/cuda/driver" \
       > "$tmp/nvcc" 2>&1; then
    ok "build-cuda"
    if nvidia-smi -L > /dev/null 2>&1; then
      "$tmp/cuda/driver" > "$tmp/drv.out" 2>&1; rc=$?
      while read -r l; do
        case $l in
          PASS*) echo "$l [cuda]"; pass=$((pass + 1)) ;;
          FAIL*) echo "$l [cuda]"; fail=$((fail + 1)) ;;
        esac
      done < "$tmp/drv.out"
      [ $rc -eq 0 ] || grep -q '^FAIL' "$tmp/drv.out" || bad "driver-cuda" "exit $rc" "$tmp/drv.out"
    else
      echo "SKIP cuda driver run (no GPU)"
    fi
  else
    bad "build-cuda" "driver" "$tmp/nvcc"
  fi
else
  echo "SKIP cuda (no nvcc)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
