#!/bin/sh
# run.sh — tiles kept across programs on the C target (runtime/tc_simd.h, section keep):
# examples/matmul.py (64x64x32 tiles, group 4) and tests/keep/kernels.py through driver.c,
# built -Wall -Wextra -Werror with ASan+UBSan and -DTC_KEEP_STATS; and what the emitter
# keeps: the matmul's B tile, not a tile loaded after a store of its program, nor any tile of
# a kernel with atomics, nor a volatile load. Prints PASS/FAIL lines and "N passed, N failed". Honours CC, TRITONC.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/keep.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }

MM="*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, 64, 64, 32, 4, False"
if "$T" examples/matmul.py -n matmul_kernel -s "$MM" -o "$tmp/matmul" 2> "$tmp/err" &&
   "$T" tests/keep/kernels.py -n rewrite_then_dot -s "*fp32, *fp32, *fp32, *fp32, 32" -o "$tmp/rewrite" 2>> "$tmp/err"; then
  ok "translate"
else
  bad "translate" "$(head -n 3 "$tmp/err")"
fi
n=$(grep -c 'tc_keep_lookup(&' "$tmp/matmul.c" 2> /dev/null)
[ "$n" = 1 ] && ok "matmul: B's tile is kept" || bad "matmul: B's tile is kept" "$n sites"
n=$(grep -c 'tc_keep_lookup(&' "$tmp/rewrite.c" 2> /dev/null)
[ "$n" = 0 ] && ok "a load after a store of its program: not kept" || bad "a load after a store of its program: not kept" "$n sites"
# the same matmul with an atomic counter after the store: nothing kept
sed 's/    tl.store(c_tile, acc, mask=row_ok\[:, None\] & col_ok\[None, :\])/&\n    tl.atomic_add(c_ptr + M * ldc, 1.0)/' examples/matmul.py > "$tmp/mm_atomic.py"
if grep -q atomic_add "$tmp/mm_atomic.py" && "$T" "$tmp/mm_atomic.py" -n matmul_kernel -s "$MM" -o "$tmp/mm_atomic" 2> "$tmp/err2"; then
  n=$(grep -c 'tc_keep_lookup(&' "$tmp/mm_atomic.c")
  [ "$n" = 0 ] && ok "a kernel with atomics: not kept" || bad "a kernel with atomics: not kept" "$n sites"
else
  bad "a kernel with atomics: not kept" "$(head -n 3 "$tmp/err2")"
fi
# the same matmul with B loaded volatile=True: nothing kept
sed 's/        b = tl.load(b_tile, mask=(ks\[:, None\] < k_left) \& col_ok\[None, :\], other=0.0)/        b = tl.load(b_tile, mask=(ks[:, None] < k_left) \& col_ok[None, :], other=0.0, volatile=True)/' examples/matmul.py > "$tmp/mm_volatile.py"
if grep -q volatile=True "$tmp/mm_volatile.py" && "$T" "$tmp/mm_volatile.py" -n matmul_kernel -s "$MM" -o "$tmp/mm_volatile" 2> "$tmp/err3"; then
  n=$(grep -c 'tc_keep_lookup(&' "$tmp/mm_volatile.c")
  [ "$n" = 0 ] && ok "a volatile load: not kept" || bad "a volatile load: not kept" "$n sites"
else
  bad "a volatile load: not kept" "$(head -n 3 "$tmp/err3")"
fi
# the driver includes matmul.c (for its counters) and links rewrite.c
if $CC -std=c11 -Wall -Wextra -Werror -O1 -g -fopenmp -fsanitize=address,undefined \
     -fno-sanitize-recover=all -DTC_KEEP_STATS -I"$tmp" tests/keep/driver.c "$tmp/rewrite.c" -o "$tmp/driver" -lm 2> "$tmp/cc.log"; then
  ok "build (-Wall -Wextra -Werror, ASan+UBSan)"
  "$tmp/driver" > "$tmp/out" 2> "$tmp/derr"; rc=$?
  while read -r l; do
    echo "$l"
    case $l in PASS*) pass=$((pass + 1)) ;; FAIL*) fail=$((fail + 1)) ;; esac
  done < "$tmp/out"
  [ "$rc" -eq 0 ] || grep -q '^FAIL' "$tmp/out" || bad "driver" "exit $rc: $(head -n 3 "$tmp/derr")"
else
  bad "build" "$(head -n 5 "$tmp/cc.log")"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
