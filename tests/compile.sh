#!/bin/sh
# compile.sh — every test case's generated C must compile cleanly (-std=c11 -Wall -Wextra
# -Werror) with gcc and with clang, with and without SLEEF, and be byte-identical across two
# translations (deterministic output). Prints PASS/FAIL lines and "N passed, N failed".
cd "$(dirname "$0")/.."
TRITONC=${TRITONC:-bin/tritonc}
out=build/compile
mkdir -p "$out"
pass=0; fail=0
field() { sed -n "s/^$1:[[:space:]]*//p" "$2" | head -n 1; }
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
for c in tests/cases/*.case; do
  n=$(basename "$c" .case)
  [ $# -gt 0 ] && ! echo " $* " | grep -q " $n " && continue
  f=$(field file "$c"); k=$(field kernel "$c"); s=$(field signature "$c"); g=$(field grid "$c")
  if ! timeout 20 "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" -o "$out/$n" 2>"$out/$n.log"; then
    bad "$n" "translation failed: $(head -n 1 "$out/$n.log")"; continue
  fi
  timeout 20 "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" -o "$out/$n" --emit c > "$out/$n.again.c" 2>/dev/null
  if ! cmp -s "$out/$n.c" "$out/$n.again.c"; then bad "$n" "output not deterministic"; continue; fi
  for cc in gcc clang; do
    command -v $cc >/dev/null 2>&1 || { bad "$n/$cc" "$cc not installed"; continue; }
    for sleef in "" "-DTC_HAVE_SLEEF"; do
      if $cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp $sleef -c "$out/$n.c" -o "$out/$n.o" \
          2>"$out/$n.$cc.log"; then ok "$n/$cc${sleef:+/sleef}"
      else bad "$n/$cc${sleef:+/sleef}" "$(head -n 1 "$out/$n.$cc.log")"; fi
    done
  done
  # the same kernel with the runtime #included instead of copied
  if "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" --include-runtime -o "$out/$n.inc" 2>/dev/null &&
     cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp -Iruntime -c "$out/$n.inc.c" -o "$out/$n.inc.o" \
       2>"$out/$n.inc.log"; then ok "$n/include-runtime"
  else bad "$n/include-runtime" "$(head -n 1 "$out/$n.inc.log" 2>/dev/null)"; fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
