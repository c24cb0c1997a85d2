#!/bin/sh
# run.sh — fp16 / bf16 element math and integer // and % by constants on the C emitter's vector
# path: the kernels of tests/conformance/kernels/half_ops.py, and examples/add.py on fp16, must
# translate to vector code (the vector helpers present, no scalar loop), and compute what the
# plain-C references of check.c compute, bit for bit, at every SIMD level this machine runs
# (-march=native, AVX2 with and without F16C, portable C) and under ASan+UBSan. Prints PASS/FAIL
# lines and "N passed, N failed". Honours CC and TRITONC.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
CC=${CC:-cc}
K=tests/conformance/kernels/half_ops.py
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vecf16.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
tr1() { # out file kernel signature grid helper...: translate, then the vector path's helpers
  out=$1 file=$2 kern=$3 sig=$4 grid=$5
  shift 5
  if "$T" "$file" -n "$kern" -s "$sig" -g "$grid" -o "$tmp/$out" 2> "$tmp/$out.err"; then
    miss=""
    for h in "$@"; do grep -q "$h" "$tmp/$out.c" || miss="$miss $h"; done
    if grep -q "pragma omp simd" "$tmp/$out.c"; then bad "$out vector path" "a scalar loop"
    elif [ -n "$miss" ]; then bad "$out vector path" "lacks$miss"
    else ok "$out vector path"; fi
  else bad "$out" "translation failed: $(head -n 1 "$tmp/$out.err")"; fi
}
tr1 h16 "$K" half_ops_kernel "*fp16, *fp16, *i32, *fp16, *fp32, *i32, i32, 256" "cdiv(n, 256), 1, 1" \
  "tc_f32_load_f16(" "tc_f32_round_f16(tc_f32_add(a, b))" "tc_f32_store_f16_mask("
tr1 hbf "$K" half_ops_kernel "*bf16, *bf16, *i32, *bf16, *fp32, *i32, i32, 256" "cdiv(n, 256), 1, 1" \
  "tc_f32_load_bf16(" "tc_f32_round_bf16(tc_f32_mul(a, b))" "tc_f32_store_bf16_mask("
tr1 divc "$K" divc_kernel "*i32, *i32, i32, 7, -3, 16, -16, 1, -1, 2147483647, -2147483648, 256" \
  "cdiv(n, 256), 1, 1" "tc_i32_divc(x, 2454267027u, 2, 7)" "tc_i32_modc(x, 2147483648u, 30, INT32_MIN)"
tr1 bcast "$K" bcast_mod_kernel "*fp32, *fp32, *fp32, i32, 48, 256" "cdiv(n, 256), 1, 1" \
  "tc_f32_load((y_ptr + (offs % 48)))" "tc_f32_splat((float)(offs / 48))"
# what --emit c shows for the fp16 add of examples/add.py: fp16 loads, the add rounded, stores
if "$T" examples/add.py -n add_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, 1024" \
    -g "cdiv(n_elements, 1024), 1, 1" --emit c > "$tmp/add16.c" 2> "$tmp/add16.err" &&
   grep -q "tc_f32_round_f16(tc_f32_add(x, y))" "$tmp/add16.c" &&
   grep -q "tc_f32_load_f16((x_ptr + offsets))" "$tmp/add16.c" && ! grep -q "omp simd" "$tmp/add16.c"; then
  ok "add fp16 --emit c vector ops"
else bad "add fp16 --emit c vector ops" "no vector fp16 add in the output"; fi
levels="native:-O3 -march=native|avx2-f16c:-O2 -mavx2 -mfma -mf16c|avx2:-O2 -mavx2 -mfma|portable:-O2|sanitizers:-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"
# level NAME FLAGS: build the kernels and check.c at one level and run it (levels run side by
# side, each one's lines to $tmp/lv.NAME, counted below)
level() {
  name=$1 flags=$2
  objs="" err=""
  for f in h16 hbf divc bcast; do
    ren=""
    [ "$f" = h16 ] && ren="-Dhalf_ops_kernel=hk16 -Dhalf_ops_kernel_grid=hk16_grid"
    [ "$f" = hbf ] && ren="-Dhalf_ops_kernel=hkbf -Dhalf_ops_kernel_grid=hkbf_grid"
    # shellcheck disable=SC2086
    $CC -std=c11 -Wall -Wextra -Werror -fopenmp $flags $ren -c "$tmp/$f.c" -o "$tmp/$f.$name.o" \
      2>> "$tmp/cc.$name.log" || err="$err $f"
    objs="$objs $tmp/$f.$name.o"
  done
  # shellcheck disable=SC2086
  if [ -z "$err" ] && $CC -std=c11 -Wall -Wextra -Werror -fopenmp $flags -I"$tmp" $objs \
      tests/vecf16/check.c -o "$tmp/check_$name" -lm 2>> "$tmp/cc.$name.log"; then
    if "$tmp/check_$name" > "$tmp/run.$name.log" 2>&1; then ok "run $name"
    else bad "run $name" "$(head -n 4 "$tmp/run.$name.log" | tr '\n' ' ')"; fi
  else bad "compile $name" "$err $(head -n 3 "$tmp/cc.$name.log" | tr '\n' ' ')"; fi
}
names=""
IFS='|'
for lv in $levels; do
  IFS=' '
  level "${lv%%:*}" "${lv#*:}" > "$tmp/lv.${lv%%:*}" 2>&1 &
  names="$names ${lv%%:*}"
  IFS='|'
done
IFS=' '
wait
for name in $names; do
  cat "$tmp/lv.$name"
  pass=$((pass + $(grep -c '^PASS' "$tmp/lv.$name"))); fail=$((fail + $(grep -c '^FAIL' "$tmp/lv.$name")))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
