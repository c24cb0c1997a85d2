#!/bin/sh
# compile.sh — every test case's generated C must compile cleanly (-std=c11 -O2 -Wall -Wextra
# -Werror) with gcc and with clang, and be byte-identical across two translations (deterministic
# output). A case's file holds only the runtime sections its kernel uses, so these compiles also
# find a helper the emitter failed to copy.
#
# The SIMD levels of runtime/tc_simd.h (no -march: the portable C level; -mavx2 -mfma: AVX2;
# -march=native: AVX-512 where the machine has it; NEON with aarch64-linux-gnu-gcc when it is
# installed), each with and without SLEEF, are sampled per case, deterministically: case number
# i (in name order) is compiled by gcc at GCC_CFG[i mod 7] and by clang at CLANG_CFG[i mod 6].
# 7 and 6 are coprime, so every 42 consecutive cases meet every (gcc, clang) pair of
# configurations, every case sees both compilers, and every configuration is compiled for about
# one case in 6 or 7. COMPILE_ALL=1 compiles every case at every configuration (the sampling
# catches a kernel whose C breaks at one level only on the cases that draw that level; the
# runtime's levels themselves are all tested by tests/simd/run.sh). Every case is also compiled
# with the runtime #included instead of copied.
#
# Cases run COMPILE_JOBS at a time (default: the cores). Prints PASS/FAIL lines in case order
# and "N passed, N failed".
#   sh tests/compile.sh [NAME...]
cd "$(dirname "$0")/.." || exit 2
TRITONC=${TRITONC:-bin/tritonc}
out=build/compile
mkdir -p "$out"
JOBS=${COMPILE_JOBS:-$(nproc 2>/dev/null || echo 2)}
only=" $* " # the cases named on the command line (the loop below resets $@)
field() { sed -n "s/^$1:[[:space:]]*//p" "$2" | head -n 1; }
# configurations: compiler, then flags; `neon` is aarch64-linux-gnu-gcc
GCC_CFG="gcc|gcc -DTC_HAVE_SLEEF|gcc -mavx2 -mfma|gcc -mavx2 -mfma -DTC_HAVE_SLEEF|gcc -march=native|gcc -march=native -DTC_HAVE_SLEEF|neon"
CLANG_CFG="clang|clang -DTC_HAVE_SLEEF|clang -mavx2 -mfma|clang -mavx2 -mfma -DTC_HAVE_SLEEF|clang -march=native|clang -march=native -DTC_HAVE_SLEEF"
nth() { echo "$2" | cut -d'|' -f$(($1 + 1)); } # nth I LIST: entry I (from 0) of a |-list

# one_cfg N CFG: compile case N's C in one configuration; prints its PASS/FAIL line
one_cfg() {
  n=$1; set -- $2
  cc=$1; shift
  [ "$cc" = neon ] && cc=aarch64-linux-gnu-gcc
  tag=$(echo "$cc $*" | sed -e 's/aarch64-linux-gnu-gcc/aarch64-gcc\/neon/' -e 's/ -mavx2 -mfma/\/avx2/' \
    -e 's/ -march=native/\/native/' -e 's/ -DTC_HAVE_SLEEF/\/sleef/' -e 's/ *$//')
  if ! command -v "$cc" >/dev/null 2>&1; then
    [ "$cc" = aarch64-linux-gnu-gcc ] && { echo "SKIP $n/$tag ($cc not installed)"; return; }
    echo "FAIL $n/$tag ($cc not installed)"; return
  fi
  if $cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp "$@" -c "$out/$n.c" -o "$out/$n.$cc.o" \
      2>"$out/$n.$cc.log"; then echo "PASS $n/$tag"
  else echo "FAIL $n/$tag ($(head -n 1 "$out/$n.$cc.log"))"; fi
  rm -f "$out/$n.$cc.o"
}

# check N CASEFILE I: every check of one case, its lines to $out/N.result
check() {
  n=$1 c=$2 i=$3
  f=$(field file "$c"); k=$(field kernel "$c"); s=$(field signature "$c"); g=$(field grid "$c")
  if ! timeout 20 "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" -o "$out/$n" 2>"$out/$n.log"; then
    echo "FAIL $n (translation failed: $(head -n 1 "$out/$n.log"))"; return
  fi
  timeout 20 "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" -o "$out/$n" --emit c > "$out/$n.again.c" 2>/dev/null
  if ! cmp -s "$out/$n.c" "$out/$n.again.c"; then echo "FAIL $n (output not deterministic)"; return; fi
  if [ -n "${COMPILE_ALL:-}" ]; then
    cfgs="$GCC_CFG|$CLANG_CFG"
  else
    cfgs="$(nth $((i % 7)) "$GCC_CFG")|$(nth $((i % 6)) "$CLANG_CFG")"
  fi
  IFS='|'
  for cfg in $cfgs; do
    IFS=' '
    one_cfg "$n" "$cfg"
    IFS='|'
  done
  IFS=' '
  # the same kernel with the runtime #included instead of copied
  if "$TRITONC" "$f" -n "$k" -s "$s" -g "$g" --include-runtime -o "$out/$n.inc" 2>/dev/null &&
     cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp -Iruntime -c "$out/$n.inc.c" -o "$out/$n.inc.o" \
       2>"$out/$n.inc.log"; then echo "PASS $n/include-runtime"
  else echo "FAIL $n/include-runtime ($(head -n 1 "$out/$n.inc.log" 2>/dev/null))"; fi
  rm -f "$out/$n.inc.o"
}

# the selected cases, each with its number (every case counts, so a case named alone samples
# the levels it samples in a full run)
list=$(i=0; for c in tests/cases/*.case; do
  n=$(basename "$c" .case)
  case "$only" in "  ") ;; *" $n "*) ;; *) i=$((i + 1)); continue ;; esac
  echo "$i $n $c"; i=$((i + 1))
done)
# JOBS shards, case j in shard j mod JOBS, each shard's cases one after another
j=0
while [ "$j" -lt "$JOBS" ]; do
  echo "$list" | awk -v j="$j" -v m="$JOBS" 'NF && (NR - 1) % m == j' | while read -r i n c; do
    check "$n" "$c" "$i" > "$out/$n.result" 2>&1
  done &
  j=$((j + 1))
done
wait
names=$(echo "$list" | awk '{print $2}')
pass=0; fail=0
for n in $names; do
  cat "$out/$n.result"
  pass=$((pass + $(grep -c '^PASS' "$out/$n.result")))
  f=$(grep -c '^FAIL' "$out/$n.result")
  [ -s "$out/$n.result" ] || { echo "FAIL $n (no result)"; f=1; }
  fail=$((fail + f))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
