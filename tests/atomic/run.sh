#!/bin/sh
# run.sh — tl.atomic_* on the C target's OpenMP grid: each kernel of
# tests/conformance/kernels/atomics.py, translated for several element types, built with gcc -O2 (some
# with clang too) and with ASan+UBSan, runs thousands of programs on 4 threads and is checked by
# driver.c against a sequential C loop (histogram, float sums of small integers, tickets, signed /
# unsigned / float max and min, old values, and/or/xor, compare-and-swap, a spin-locked
# accumulation); the CUDA translations do each atomic once per element and compile. Prints PASS/FAIL lines and "N passed, N failed". Honours CC and TRITONC.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
CC=${CC:-cc}
K=tests/conformance/kernels/atomics.py
CLANG_CASES="add_f16 add_bf16 minmax_f32 minmax_u64 cas_f32 cas_f16 locked_sum" # also built with clang
tmp=$(mktemp -d "${TMPDIR:-/tmp}/atomic.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
# bg CHECK ARGS...: runs the check in the background, JOBS at a time (default: the cores), its
# lines to $tmp/res.N; collect prints them in order and counts them
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}
seq=0
bg() {
  seq=$((seq + 1))
  "$@" > "$tmp/res.$(printf %03d $seq)" 2>&1 &
  [ $((seq % JOBS)) -ne 0 ] || wait
}
collect() {
  wait
  for r in "$tmp"/res.*; do
    [ -f "$r" ] || continue
    cat "$r"
    pass=$((pass + $(grep -c '^PASS' "$r"))); fail=$((fail + $(grep -c '^FAIL' "$r")))
    rm -f "$r"
  done
}
# case NAME KERNEL SIGNATURE GRID DEFINES...
case1() {
  name=$1; kern=$2; sig=$3; grid=$4; shift 4
  if ! "$T" "$K" -n "$kern" -s "$sig" -g "$grid" -o "$tmp/$name" 2> "$tmp/$name.err"; then
    bad "$name" "translation failed: $(head -n 1 "$tmp/$name.err")"; return
  fi
  k=${kern%_kernel}
  builds="gcc san"
  case " $CLANG_CASES " in *" $name "*) builds="gcc clang san" ;; esac
  for build in $builds; do
    cc=$CC; flags="-O2"
    [ $build = clang ] && cc=clang
    [ $build = san ] && flags="-O0 -g -fsanitize=address,undefined -fno-sanitize-recover=all"
    # shellcheck disable=SC2086
    if ! $cc -std=c11 -Wall -Wextra -Werror -fopenmp $flags -I"$tmp" -DAT_HDR="\"$name.h\"" \
        -DK_"$k" "$@" "$tmp/$name.c" tests/atomic/driver.c -o "$tmp/$name.$build" -lm 2> "$tmp/$name.$build.log"; then
      bad "$name $build" "compile: $(head -n 2 "$tmp/$name.$build.log" | tr '\n' ' ')"; continue
    fi
    out=$(ASAN_OPTIONS=detect_leaks=0 OMP_NUM_THREADS=4 "$tmp/$name.$build" 2>&1 | head -n 5)
    if [ "$out" = ok ]; then ok "$name $build"; else bad "$name $build" "$(echo "$out" | tr '\n' ' ')"; fi
  done
}
bg case1 histogram histogram_kernel "*i32:16, *i32:16, i32, 16, 128" "cdiv(n, 128), 1, 1"
bg case1 add_f32 add_float_kernel "*fp32:16, *fp32:16, i32, 8, 128" "cdiv(n, 128), 1, 1" -DT=float -DTO_T=IDF -DFROM_T=IDF -DHALF=0
bg case1 add_f64 add_float_kernel "*fp64:16, *fp64:16, i32, 8, 128" "cdiv(n, 128), 1, 1" -DT=double -DTO_T=IDF -DFROM_T=IDF -DHALF=0
bg case1 add_f16 add_float_kernel "*fp16:16, *fp16:16, i32, 8, 128" "cdiv(n, 128), 1, 1" -DT=uint16_t -DTO_T=f16_of -DFROM_T=f16_to -DHALF=1
bg case1 add_bf16 add_float_kernel "*bf16:16, *bf16:16, i32, 8, 128" "cdiv(n, 128), 1, 1" -DT=uint16_t -DTO_T=bf16_of -DFROM_T=bf16_to -DHALF=1
bg case1 ticket ticket_kernel "*i32, *i32" "1, 1, 1"
bg case1 minmax_f32 minmax_kernel "*fp32:16, *fp32:16, *fp32:16, i32, 4, 128" "cdiv(n, 128), 1, 1" -DT=float -DINIT_MAX=-1e30 -DINIT_MIN=1e30
bg case1 minmax_f64 minmax_kernel "*fp64:16, *fp64:16, *fp64:16, i32, 4, 128" "cdiv(n, 128), 1, 1" -DT=double -DINIT_MAX=-1e300 -DINIT_MIN=1e300
bg case1 minmax_i32 minmax_kernel "*i32:16, *i32:16, *i32:16, i32, 4, 128" "cdiv(n, 128), 1, 1" -DT=int32_t -DINIT_MAX=INT32_MIN -DINIT_MIN=INT32_MAX
bg case1 minmax_u32 minmax_kernel "*u32:16, *u32:16, *u32:16, i32, 4, 128" "cdiv(n, 128), 1, 1" -DT=uint32_t -DINIT_MAX=0 -DINIT_MIN=UINT32_MAX
bg case1 minmax_i64 minmax_kernel "*i64:16, *i64:16, *i64:16, i32, 4, 128" "cdiv(n, 128), 1, 1" -DT=int64_t -DINIT_MAX=INT64_MIN -DINIT_MIN=INT64_MAX
bg case1 minmax_u64 minmax_kernel "*u64:16, *u64:16, *u64:16, i32, 4, 128" "cdiv(n, 128), 1, 1" -DT=uint64_t -DINIT_MAX=0 -DINIT_MIN=UINT64_MAX
bg case1 old_i64 old_values_kernel "*i64:16, *i64:16, *i64:16, *i64:16, *i64:16, *i64:16, i32, 64" "cdiv(n, 64), 1, 1" -DT=int64_t
bg case1 old_f64 old_values_kernel "*fp64:16, *fp64:16, *fp64:16, *fp64:16, *fp64:16, *fp64:16, i32, 64" "cdiv(n, 64), 1, 1" -DT=double
bg case1 old_f32 old_values_kernel "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, 64" "cdiv(n, 64), 1, 1" -DT=float
bg case1 bits bits_kernel "*i32:16, *i32:16, *i32:16, *i32:16, i32, 128" "cdiv(n, 128), 1, 1"
bg case1 cas_i32 cas_kernel "*i32:16, *i32:16, *i32:16, *i32:16, 64" "50, 1, 1" -DT=int32_t -DTO_T=IDF -DFROM_T=IDF
bg case1 cas_u64 cas_kernel "*u64:16, *u64:16, *u64:16, *u64:16, 64" "50, 1, 1" -DT=uint64_t -DTO_T=IDF -DFROM_T=IDF
bg case1 cas_i16 cas_kernel "*i16:16, *i16:16, *i16:16, *i16:16, 64" "50, 1, 1" -DT=int16_t -DTO_T=IDF -DFROM_T=IDF
bg case1 cas_f32 cas_kernel "*fp32:16, *fp32:16, *fp32:16, *fp32:16, 64" "50, 1, 1" -DT=float -DTO_T=IDF -DFROM_T=IDF
bg case1 cas_f16 cas_kernel "*fp16:16, *fp16:16, *fp16:16, *fp16:16, 64" "50, 1, 1" -DT=uint16_t -DTO_T=f16_of -DFROM_T=f16_to
bg case1 locked_sum locked_sum_kernel "*i32:16, *i32:16, *i32, *i32, i32, 4, 64" "cdiv(n, 64), 1, 1"
bg case1 publish publish_kernel "*fp32:16, *fp32:16, *i32, i32, 1024" "cdiv(n, 1024), 1, 1"
collect
if [ ! -f "$tmp/publish.c" ] || grep -q "store_nt(.*tc_nt_on)" "$tmp/publish.c"; then bad "publish ordered stores" "a streaming store before the release"
else ok "publish ordered stores"; fi
# CUDA: each atomic runs once per element (cuda_once.py on the text: replicated layouts guarded
# by tid < TC, scalars by tid == 0), and the file compiles with nvcc where there is one
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cuda1() { # name kernel signature
  if ! "$T" "$K" -n "$2" -s "$3" --target cuda -o "$tmp/cu_$1" 2> "$tmp/cu_$1.err"; then
    bad "cuda $1" "translation failed: $(head -n 1 "$tmp/cu_$1.err")"; return
  fi
  out=$(python3 tests/atomic/cuda_once.py "$tmp/cu_$1.cu")
  if [ "$out" = ok ]; then ok "cuda $1 once per element"; else bad "cuda $1 once per element" "$out"; fi
  [ -x "$NVCC" ] || return
  if "$NVCC" -c -Werror all-warnings -arch=sm_80 "$tmp/cu_$1.cu" -o "$tmp/cu_$1.o" > "$tmp/cu_$1.log" 2>&1; then
    ok "cuda $1 nvcc sm_80"
  else bad "cuda $1 nvcc sm_80" "$(grep -m1 error "$tmp/cu_$1.log")"; fi
}
bg cuda1 histogram histogram_kernel "*i32:16, *i32:16, i32, 16, 128"
bg cuda1 add_bf16 add_float_kernel "*bf16:16, *bf16:16, i32, 8, 64"
bg cuda1 add_f16 add_float_kernel "*fp16:16, *fp16:16, i32, 8, 256"
bg cuda1 ticket ticket_kernel "*i32, *i32"
bg cuda1 minmax_f64 minmax_kernel "*fp64:16, *fp64:16, *fp64:16, i32, 4, 32"
bg cuda1 old_i64 old_values_kernel "*i64:16, *i64:16, *i64:16, *i64:16, *i64:16, *i64:16, i32, 64"
bg cuda1 cas_f16 cas_kernel "*fp16:16, *fp16:16, *fp16:16, *fp16:16, 64"
bg cuda1 locked_sum locked_sum_kernel "*i32:16, *i32:16, *i32, *i32, i32, 4, 64"
collect
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
