#!/bin/sh
# run.sh — Triton's random numbers on the C target: the Philox reference (philox_ref.py) first
# passes Random123's known-answer vectors, then every kernel of
# tests/conformance/kernels/random_ops.py and examples/dropout.py is translated, built (-O2, and
# ASan+UBSan) and run over several seeds (int32 and int64, negative too), offsets past 2^31 and
# partial blocks, its words compared with the reference (check.py: integers and rand bit for bit,
# randn within 4 ulp; the driver's own buffers are not freed: leak checks off). Prints PASS/FAIL lines and "N passed, N failed". Honours CC and TRITONC.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
CC=${CC:-cc}
K=tests/conformance/kernels/random_ops.py
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rand.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }

bad_kat=$(python3 -c "import sys; sys.path.insert(0, 'tests/rand'); import philox_ref as p; print(p.self_test())")
if [ "$bad_kat" = "[]" ]; then ok "philox_ref known-answer vectors"; else bad "philox_ref known-answer vectors" "$bad_kat"; fi

# case kind file kernel signature rounds "seed base n;seed base n;..."
case1() {
  name=$1; kind=$2; file=$3; kern=$4; sig=$5; rounds=$6; runs=$7; grid=${8:-cdiv(n, 64), 1, 1}
  if ! "$T" "$file" -n "$kern" -s "$sig" -g "$grid" -o "$tmp/$name" 2> "$tmp/$name.err"; then
    bad "$name" "translation failed: $(head -n 1 "$tmp/$name.err")"; return
  fi
  for build in O2 san; do
    flags="-O2"; [ $build = san ] && flags="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"
    # shellcheck disable=SC2086
    if ! $CC -std=c11 -Wall -Wextra -Werror -fopenmp $flags -I"$tmp" -DRT_HDR="\"$name.h\"" \
        -DK_"$kind" "$tmp/$name.c" tests/rand/driver.c -o "$tmp/$name.$build" -lm 2> "$tmp/cc.log"; then
      bad "$name $build" "compile: $(head -n 2 "$tmp/cc.log" | tr '\n' ' ')"; continue
    fi
    res=ok
    IFS=';'
    for r in $runs; do
      IFS=' '
      # shellcheck disable=SC2086
      set -- $r
      out=$(ASAN_OPTIONS=detect_leaks=0 OMP_NUM_THREADS=3 "$tmp/$name.$build" "$1" "$2" "$3" 2> "$tmp/run.err" |
        python3 tests/rand/check.py "$kind" "$1" "$2" "$3" "$rounds")
      [ "$out" = ok ] || { res="seed $1 base $2 n $3: $out $(head -c 200 "$tmp/run.err")"; break; }
      IFS=';'
    done
    IFS=' '
    if [ "$res" = ok ]; then ok "$name $build"; else bad "$name $build" "$res"; fi
  done
}
S32="0 0 1000;42 0 777;-1 0 130;2147483647 0 64;-123456789 0 1"
case1 randint randint "$K" randint_kernel "*u32:16, i32, i32, 64" 10 "$S32"
case1 randint4x randint4x "$K" randint4x_kernel "*u32:16, *u32:16, *u32:16, *u32:16, i32, i32, 64, 10" 10 "$S32"
case1 randint4x_r7 randint4x "$K" randint4x_kernel "*u32:16, *u32:16, *u32:16, *u32:16, i32, i32, 64, 7" 7 "$S32"
case1 rand rand "$K" rand_kernel "*fp32:16, i32, i32, 64" 10 "$S32"
case1 randn randn "$K" randn_kernel "*fp32:16, i32, i32, 64" 10 "$S32"
case1 randn4x randn4x "$K" randn4x_kernel "*fp32:16, i32, i32, 64" 10 "$S32"
S64="0 0 300;42 4294967290 300;-1 -150 300;81985529216486895 9223372036854775000 200;5000000000 1 65"
case1 randint64 randint64 "$K" randint64_kernel "*u64:16, i64, i64, i32, 64" 10 "$S64"
case1 rand64 rand64 "$K" rand64_kernel "*fp32:16, i64, i64, i32, 64" 10 "$S64"
case1 randn64 randn64 "$K" randn64_kernel "*fp32:16, i32, i64, i32, 64" 10 "0 0 300;42 4294967290 300;-1 -150 300"
case1 dropout dropout examples/dropout.py seeded_dropout_kernel "*fp32:16, *fp32:16, i32, fp32, i32, 64" 10 "$S32" "cdiv(n_elements, 64), 1, 1"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
