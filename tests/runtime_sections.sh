#!/bin/sh
# runtime_sections.sh — a generated file copies only the runtime/ sections its kernel uses.
#
#   sh tests/runtime_sections.sh [CASE...]    (default: a representative set of tests/cases)
#
# 1. needed: for each section a case's file copies (the "/* runtime/F.h, section NAME */" blocks),
#    the file with that block cut out must fail to compile at some SIMD level (portable C, AVX2,
#    native, and NEON when aarch64-linux-gnu-gcc is installed): the compiler, not the emitter's
#    index, decides that the section was needed. (A missing section is caught by tests/compile.sh,
#    which compiles every case at every level.)
# 2. not copied: add.c holds none of exp, erf, fp16, fp64 (the erf tables, the exp table);
#    bias_gelu.c holds erf; a --plain translation (CASE:plain) holds none of tune, prefetch,
#    stream, rotate, tileat, tilecheck, keep; the kernel starts within the first 170 lines of every
#    checked file (dot_matmul_257: 163, its K loop's panel, section f32panel, declared before it).
# 3. the build's check of the "//@ NAME: DEP..." lines (tools/rtindex.c) fails on a wrong list,
#    on a use of a later section, and on a name defined in two sections.
# Prints PASS/FAIL lines and "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
TRITONC=${TRITONC:-bin/tritonc}
out=build/runtime_sections
mkdir -p "$out"
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
field() { sed -n "s/^$1:[[:space:]]*//p" "$2" | head -n 1; }
cases=${*:-add softmax bias_gelu layernorm_fwd row_sum cumsum_fp32 dtype_bf16 add_fp16 math_core_fp32 math_core_fp64 reduce_custom dtype_i64 dot_matmul_257 softmax:plain dot_matmul_257:plain}

levels="cc:-O0 cc:-O0_-mavx2_-mfma cc:-O0_-march=native"
command -v aarch64-linux-gnu-gcc > /dev/null 2>&1 && levels="$levels aarch64-linux-gnu-gcc:-O0"

compiles() { # FILE: compiles at every level?
  for l in $levels; do
    c=${l%%:*}; flags=$(echo "${l#*:}" | tr _ ' ')
    $c -std=c11 -Wall -Wextra -Werror -fopenmp $flags -c "$1" -o "$1.o" 2>/dev/null || return 1
  done
  return 0
}

for n in $cases; do
  plain=
  case $n in *:plain) n=${n%:plain}_plain; plain=--plain ;; esac
  c=tests/cases/${n%_plain}.case
  [ -f "$c" ] || { bad "$n" "no such case"; continue; }
  # shellcheck disable=SC2086
  if ! "$TRITONC" "$(field file "$c")" -n "$(field kernel "$c")" -s "$(field signature "$c")" \
       -g "$(field grid "$c")" $plain -o "$out/$n" 2>"$out/$n.log"; then
    bad "$n" "translation failed"; continue
  fi
  f=$out/$n.c
  k=$(grep -n '^static void .*_program(' "$f" | head -n 1 | cut -d: -f1)
  if [ -n "$k" ] && [ "$k" -le 170 ]; then ok "$n/kernel-at-line-$k"; else bad "$n/kernel-first" "kernel at line ${k:-none}"; fi
  compiles "$f" || { bad "$n" "does not compile as generated"; continue; }
  # every copied section: cut its block (up to the next block of the file) and compile
  for s in $(sed -n 's|^/\* runtime/\([a-z_]*\)\.h, section \([a-z0-9_]*\) \*/$|\2|p' "$f"); do
    awk -v s="$s" '
      /^\/\* runtime\/[a-z_]*\.h, section / { cut = ($0 ~ ("section " s " \\*/$")) }
      /^\/\* runtime functions the kernel calls/ || /^\/\* wrapping signed arithmetic/ ||
      /^\/\* One program/ || /^#if defined\(__clang__\)/ || /^static inline [a-z0-9_]+ tc_bitcast_/ { cut = 0 }
      !cut' "$f" > "$out/$n.cut.c"
    if cmp -s "$f" "$out/$n.cut.c"; then bad "$n/$s" "block not found"
    elif compiles "$out/$n.cut.c"; then bad "$n/$s" "copied but not needed: the file compiles without it"
    else ok "$n/$s"; fi
  done
done

# what must not be (or must be) copied
no() { f=$out/$1.c; [ -f "$f" ] || return; if grep -q "$2" "$f"; then bad "$1/no-$3" "holds $2"; else ok "$1/no-$3"; fi; }
has() { f=$out/$1.c; [ -f "$f" ] || return; if grep -q "$2" "$f"; then ok "$1/has-$3"; else bad "$1/has-$3" "lacks $2"; fi; }
no add 'tc__erf_p\[' erf-tables
no add 'tc__exp_tab16\[' exp-table
no add 'section half \*/' fp16
no add 'tc_f64_' fp64
no add 'section mathlib \*/' libm
has bias_gelu 'section erf \*/' erf
has softmax 'section prefetch \*/' prefetch
has softmax 'section rotate \*/' rotate
has dot_matmul_257 'section tilecheck \*/' tilecheck
has softmax 'section stream \*/' stream
has dot_matmul_257 'section keep \*/' keep
for n in softmax_plain dot_matmul_257_plain; do
  for s in tune prefetch stream rotate tileat tilecheck keepsite keep; do no $n "section $s \\*/" $s; done
done

# the build's check of the dependency lines
rt=$out/rtindex
cc -std=c11 -O1 -o "$rt" tools/rtindex.c || { bad rtindex "does not build"; rt=false; }
rtfails() { # NAME SED-SCRIPT EXPECTED-MESSAGE
  sed "$2" runtime/tc_simd.h > "$out/tc_simd.h"
  if cmp -s runtime/tc_simd.h "$out/tc_simd.h"; then bad "rtindex/$1" "the edit changed nothing"; return; fi
  if "$rt" runtime/tc_helpers.h "$out/tc_simd.h" > /dev/null 2>"$out/rt.log"; then bad "rtindex/$1" "accepted"
  elif grep -q "$3" "$out/rt.log"; then ok "rtindex/$1"
  else bad "rtindex/$1" "$(cat "$out/rt.log")"; fi
}
if "$rt" runtime/tc_helpers.h runtime/tc_simd.h > /dev/null 2>"$out/rt.log"; then ok rtindex/accepts-runtime
else bad rtindex/accepts-runtime "$(cat "$out/rt.log")"; fi
rtfails dep-missing 's|^//@ f32mem: level tail mask$|//@ f32mem: level tail|' 'must read "//@ f32mem: level tail mask"'
rtfails dep-extra 's|^//@ reduce: level$|//@ reduce: level mask|' 'must read "//@ reduce: level"'
rtfails later-section 's|^//@ mask: level$|//@ mask: level\nstatic inline int tc__uses_later(void) { return TC_PREFETCH_MIN_BYTES > 0; }|' 'not before it'
rtfails defined-twice 's|^//@ reduce: level$|//@ reduce: level\n#define TC_VLEN 4|' 'defined in section'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
