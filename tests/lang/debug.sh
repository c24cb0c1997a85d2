#!/bin/sh
# tests/lang/debug.sh — tl.device_print and tl.device_assert on the C target, run: the printed
# lines against Triton's format written out here independently (pid (X, Y, Z) idx (I) prefix: ...,
# "(operand N) " with several operands, indices padded to the digits of their dimension, "idx ()"
# for scalars, a lone prefix right after the pid), and the assertion messages and exit status.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
B=build/lang/debug
rm -rf "$B" && mkdir -p "$B"
K=tests/conformance/kernels/debug_ops.py
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
build() { # name kernel signature grid main.c-body
  "$T" $K -n "$2" -s "$3" -g "$4" -o "$B/$1" 2>"$B/$1.log" || return 1
  printf '#include <stdio.h>\n#include <stdlib.h>\n#include "%s.h"\nint main(int argc, char **argv) {\n%s\n}\n' "$1" "$5" >"$B/$1_main.c"
  cc -std=c11 -O1 -g -fopenmp -fsanitize=address,undefined -I"$B" "$B/$1_main.c" "$B/$1.c" -lm -o "$B/$1" 2>>"$B/$1.log"
}

# device_print: x[i] = i / 2 - 3 over 16 elements, one program
if build print print_kernel "*fp32, 16" "1, 1, 1" \
    '  float x[16]; for (int i = 0; i < 16; i++) x[i] = i * 0.5f - 3.0f;
  print_kernel(x); return 0;'; then
  OMP_NUM_THREADS=1 "$B/print" >"$B/print.out" 2>"$B/print.err"
  python3 - "$B/print.want" <<'PY'
import sys
x = [i * 0.5 - 3.0 for i in range(16)]
pid = "pid (0, 0, 0)"
lines = ["%s idx (%2d) x: %f" % (pid, i, v) for i, v in enumerate(x)]
lines += ["%s idx (%2d): (operand 0) %d" % (pid, i, 2 * i) for i in range(16)]
lines += ["%s idx (%2d): (operand 1) %f" % (pid, i, v) for i, v in enumerate(x)]
lines += ["%s idx () total: %f" % (pid, sum(x)), pid + "done"]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
  if cmp -s "$B/print.out" "$B/print.want"; then ok device_print
  else bad device_print "output differs: diff $B/print.out $B/print.want"; fi
else bad device_print "build failed: $B/print.log"; fi

# device_assert: 16 values over two programs of 8; argv[1] says which value to spoil
LINE_DA=$(grep -n 'tl.device_assert(x < 100' $K | cut -d: -f1)
LINE_PA=$(grep -n 'assert x >= 0' $K | cut -d: -f1)
if build assert assert_kernel "*i32, i32, 8" "cdiv(n, 8), 1, 1" \
    '  int x[16]; for (int i = 0; i < 16; i++) x[i] = i;
  if (argc > 1) x[12] = atoi(argv[1]);
  assert_kernel(x, 16);
  for (int i = 0; i < 16; i++) if (x[i] != (i == 12 && argc > 1 ? atoi(argv[1]) : i) + 1) return 9;
  return 0;'; then
  export ASAN_OPTIONS=detect_leaks=0:handle_abort=0 OMP_NUM_THREADS=1
  "$B/assert" >"$B/a0.out" 2>&1; rc=$?
  [ $rc -eq 0 ] && ok "device_assert holds" || bad "device_assert holds" "exit $rc"
  "$B/assert" 150 >"$B/a1.out" 2>&1; rc=$?
  want="$K:$LINE_DA: assert_kernel: block: [1,0,0] Assertion \`x must stay below 100\` failed."
  if [ $rc -ne 0 ] && [ $rc -ne 9 ] && grep -qxF "$want" "$B/a1.out"; then ok "device_assert fails"
  else bad "device_assert fails" "exit $rc, want the line: $want"; fi
  "$B/assert" -4 >"$B/a2.out" 2>&1; rc=$?
  want="$K:$LINE_PA: assert_kernel: block: [1,0,0] Assertion \`\` failed."
  if [ $rc -ne 0 ] && [ $rc -ne 9 ] && grep -qxF "$want" "$B/a2.out"; then ok "python assert fails"
  else bad "python assert fails" "exit $rc, want the line: $want"; fi
else bad device_assert "build failed: $B/assert.log"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
