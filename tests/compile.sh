#!/bin/sh
# compile.sh — every test case's generated C must compile cleanly (-std=c11 -Wall -Wextra
# -Werror) with gcc and with clang, with and without SLEEF, at every SIMD level of
# runtime/tc_simd.h this compiler targets (no -march: the portable C level; -mavx2 -mfma: AVX2;
# -march=native: AVX-512 where the machine has it; NEON with aarch64-linux-gnu-gcc when it is
# installed), and be byte-identical across two translations (deterministic output). A case's
# file holds only the runtime sections its kernel uses, so these compiles also find a helper the
# emitter failed to copy. Prints PASS/FAIL lines and "N passed, N failed".
cd "$(dirname "$0")/.."
TRITONC=${TRITONC:-bin/tritonc}
out=build/compile
mkdir -p "$out"
pass=0; fail=0
only=" $* " # the cases named on the command line (the loop below resets $@)
field() { sed -n "s/^$1:[[:space:]]*//p" "$2" | head -n 1; }
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
for c in tests/cases/*.case; do
  n=$(basename "$c" .case)
  [ "$only" != "  " ] && ! echo "$only" | grep -q " $n " && continue
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
  # the other levels: each with both compilers, and with and without SLEEF, over the pairs
  for lv in "gcc -mavx2 -mfma" "clang -mavx2 -mfma -DTC_HAVE_SLEEF" \
            "gcc -march=native -DTC_HAVE_SLEEF" "clang -march=native"; do
    set -- $lv
    cc=$1; shift
    tag=$(echo "$*" | sed -e 's/-mavx2 -mfma/avx2/' -e 's/-march=native/native/' -e 's/ -DTC_HAVE_SLEEF/\/sleef/')
    command -v $cc >/dev/null 2>&1 || { bad "$n/$cc/$tag" "$cc not installed"; continue; }
    if $cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp "$@" -c "$out/$n.c" -o "$out/$n.o" \
        2>"$out/$n.$cc.log"; then ok "$n/$cc/$tag"
    else bad "$n/$cc/$tag" "$(head -n 1 "$out/$n.$cc.log")"; fi
  done
  # NEON, when the aarch64 cross compiler of tests/simd/run.sh is installed
  if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
    if aarch64-linux-gnu-gcc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp -c "$out/$n.c" -o "$out/$n.o" \
        2>"$out/$n.neon.log"; then ok "$n/aarch64-gcc/neon"
    else bad "$n/aarch64-gcc/neon" "$(head -n 1 "$out/$n.neon.log")"; fi
  fi
  # the same kernel with the runtime #included instead of copied
  if "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" --include-runtime -o "$out/$n.inc" 2>/dev/null &&
     cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp -Iruntime -c "$out/$n.inc.c" -o "$out/$n.inc.o" \
       2>"$out/$n.inc.log"; then ok "$n/include-runtime"
  else bad "$n/include-runtime" "$(head -n 1 "$out/$n.inc.log" 2>/dev/null)"; fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
