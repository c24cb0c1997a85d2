#!/bin/sh
# run.sh — --all-configs and --tuning (src/tune.c) on tests/tune/kernels.py: every config
# (OUT_cI.c) and the dispatcher (OUT.c) compute what a plain C loop does; the dispatcher picks
# table.tuning's configs (exact keys, and the nearest entry for others, expectations worked out
# by hand in driver.c); KERNEL_tune records a table that a second translation with --tuning
# bakes in; restore_value / reset_to_zero are honoured while tuning; the output is the same on
# a second translation; positioned errors for what a C dispatcher cannot do; with nvcc, the CUDA
# configs and dispatcher compile. Built -Wall -Wextra -Werror with ASan+UBSan. Prints PASS/FAIL
# lines and "N passed, N failed". Honours CC, TRITONC.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
CC=${CC:-cc}
K=tests/tune/kernels.py
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tune.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
count() { # the driver's PASS/FAIL lines, from a file (a pipe would count in a subshell)
  while read -r l; do
    echo "$l"
    case $l in PASS*) pass=$((pass + 1)) ;; FAIL*) fail=$((fail + 1)) ;; esac
  done < "$1"
}
drive() { # the driver with arguments: its lines counted; a crash without a FAIL line fails too
  "$@" > "$tmp/drv.out" 2> "$tmp/drv.err"; rc=$?
  count "$tmp/drv.out"
  if [ "$rc" -ne 0 ] && ! grep -q '^FAIL' "$tmp/drv.out"; then
    bad "driver $2" "exit $rc: $(head -n 2 "$tmp/drv.err")"
  fi
}

SCALED="$K -n scaled_add_kernel -s *fp32,*fp32,i32,i32 -g cdiv(n,BLOCK)"
gen() { # dir, extra options...
  d=$1; shift
  mkdir -p "$d"
  "$T" $SCALED --all-configs -o "$d/scaled" "$@" 2>"$d/err" &&
    "$T" $K -n inplace_kernel -s "*i32, i32" -g "cdiv(n, BLOCK)" --all-configs -o "$d/inplace" &&
    "$T" $K -n sum_kernel -s "*i32, *i32, i32" -g "cdiv(n, BLOCK)" --all-configs -o "$d/sum"
}
build() { # dir
  # shellcheck disable=SC2086
  $CC -std=c11 -Wall -Wextra -Werror -O0 -g -fopenmp -fsanitize=address,undefined \
    -fno-sanitize-recover=all -I"$1" "$1"/*.c tests/tune/driver.c -o "$1/driver" -lm 2>"$1/cc.log"
}

if gen "$tmp/a" --tuning tests/tune/table.tuning && build "$tmp/a"; then
  ok "translate and build (3 kernels, 7 configs, 3 dispatchers)"
  drive "$tmp/a/driver" pick
  drive "$tmp/a/driver" same
  drive "$tmp/a/driver" restore
else
  bad "translate and build" "$(head -n 3 "$tmp/a/err" "$tmp/a/cc.log" 2>/dev/null)"
fi

# deterministic: a second translation gives the same files
if gen "$tmp/b" --tuning tests/tune/table.tuning && diff -r -x driver -x '*.log' -x err "$tmp/a" "$tmp/b" >/dev/null 2>&1
then ok "same output twice"; else bad "same output twice" "the files differ"; fi
# the table is sorted: the same entries in another order give the same dispatcher
mkdir -p "$tmp/rev"
sort -r tests/tune/table.tuning > "$tmp/rev/table.tuning"
"$T" $SCALED --all-configs --tuning "$tmp/rev/table.tuning" -o "$tmp/rev/scaled" 2>/dev/null
if cmp -s "$tmp/rev/scaled.c" "$tmp/a/scaled.c"; then ok "table order does not matter"
else bad "table order does not matter" "scaled.c differs"; fi

# recording: KERNEL_tune appends one line per key; --tuning bakes it in
if gen "$tmp/c" && build "$tmp/c" && "$tmp/c/driver" tune "$tmp/rec.tuning" > "$tmp/picked"; then
  if [ "$(grep -c '^n=[0-9]* k=[0-9]* config=[0-2]  # median ms: c0 ' "$tmp/rec.tuning")" = 2 ]
  then ok "KERNEL_tune writes one entry per key"; else bad "KERNEL_tune writes one entry per key" "$(cat "$tmp/rec.tuning")"; fi
  if gen "$tmp/d" --tuning "$tmp/rec.tuning" && build "$tmp/d"; then
    while read -r n k c; do drive "$tmp/d/driver" check "$n" "$k" "$c"; done < "$tmp/picked"
  else bad "rebuild with the recorded table" "$(head -n 3 "$tmp/d/err" "$tmp/d/cc.log" 2>/dev/null)"; fi
else
  bad "record a table" "$(head -n 3 "$tmp/c/err" "$tmp/c/cc.log" 2>/dev/null)"
fi

# errors: positioned, exit status 1 (usage errors 2)
err() { # name, want status, want text, tritonc arguments...
  name=$1; want=$2; text=$3; shift 3
  "$T" "$@" -o "$tmp/e" >/dev/null 2>"$tmp/e.err"; got=$?
  if [ "$got" -eq "$want" ] && grep -q -- "$text" "$tmp/e.err"; then ok "error $name"
  else bad "error $name" "exit $got: $(head -n 1 "$tmp/e.err")"; fi
}
printf 'n=1000 k=3 config=7\n' > "$tmp/range.tuning"
printf '# two lines\nn=1000 config=1\n' > "$tmp/short.tuning"
printf 'n=1000 m=3 config=1\n' > "$tmp/name.tuning"
printf 'n=10x k=3 config=1\n' > "$tmp/int.tuning"
err pre-hook 1 "kernels.py:.*pre_hook is a Python function" $K -n hooked_kernel -s "*fp32, i32" -g "cdiv(n, BLOCK)" --all-configs
err pointer-key 1 "key 'out_ptr' is a pointer" $K -n ptr_key_kernel -s "*fp32, i32" -g "cdiv(n, BLOCK)" --all-configs
err unknown-key 1 "key 'size' is not a parameter" $K -n bad_key_kernel -s "*fp32, i32" -g "cdiv(n, BLOCK)" --all-configs
err constexpr-key 1 "key 'k' is a constexpr" $K -n scaled_add_kernel -s "*fp32, *fp32, i32, 3" -g "cdiv(n, BLOCK)" --all-configs
err config-in-signature 1 "'BLOCK' is set by the autotune configs" $K -n scaled_add_kernel -s "*fp32, *fp32, i32, i32, 64" -g "cdiv(n, BLOCK)" --all-configs
err config-by-D 1 "'BLOCK' is set by the autotune configs" $SCALED -D BLOCK=64 --all-configs
err no-autotune 1 "add.py:7:1: error: --all-configs: 'add_kernel' has no" examples/add.py -n add_kernel -s "*fp32, *fp32, *fp32, i32, 64" -g "1" --all-configs
err no-grid 2 "needs the launch grid" $K -n scaled_add_kernel -s "*fp32, *fp32, i32, i32" --all-configs
err tuning-alone 2 "goes with --all-configs" $SCALED --tuning tests/tune/table.tuning
err with-emit 2 "does not go with --emit" $SCALED --all-configs --emit c
err table-range 1 "range.tuning:1:12: error: tuning entry: config 7, but" $SCALED --all-configs --tuning "$tmp/range.tuning"
err table-short 1 "short.tuning:2:1: error: tuning entry: needs 'k=VALUE'" $SCALED --all-configs --tuning "$tmp/short.tuning"
err table-name 1 "name.tuning:1:8: error: tuning entry: expected 'k='" $SCALED --all-configs --tuning "$tmp/name.tuning"
err table-int 1 "int.tuning:1:3: error: tuning entry: 'n' needs an integer" $SCALED --all-configs --tuning "$tmp/int.tuning"
err table-missing 2 "no/such.tuning" $SCALED --all-configs --tuning no/such.tuning
# a key past int64 is an error, not strtoll's saturated value
printf 'n=99999999999999999999999 k=3 config=1\n' > "$tmp/huge.tuning"
err table-int64 1 "huge.tuning:1:3: error: tuning entry: 'n' needs an integer from -2\*\*63" $SCALED --all-configs --tuning "$tmp/huge.tuning"
err table-dir 2 "cannot read 'tests/tune'" $SCALED --all-configs --tuning tests/tune
if [ ! -e "$tmp/e.c" ] && [ ! -e "$tmp/e_c0.c" ]; then ok "no file written on an error"
else bad "no file written on an error" "found $tmp/e.c or e_c0.c"; fi

# INT64_MIN as a key: a C constant that is a long long (-9223372036854775808LL is not one)
printf 'n=-9223372036854775808 k=3 config=1\nn=9223372036854775807 k=-9223372036854775808 config=2\n' > "$tmp/min.tuning"
if "$T" $SCALED --all-configs --tuning "$tmp/min.tuning" -o "$tmp/min" 2>"$tmp/min.err" &&
   $CC -std=c11 -Wall -Wextra -Werror -fopenmp -fsyntax-only "$tmp/min.c" 2>"$tmp/min.cc"
then ok "INT64_MIN key compiles"; else bad "INT64_MIN key compiles" "$(head -n 2 "$tmp/min.err" "$tmp/min.cc")"; fi
# a tuning table past the 4 MiB a kernel file may have (here 5 MiB of comments) is read
awk 'BEGIN { for (i = 0; i < 80000; i++) printf "# %063d\n", i; print "n=1000 k=3 config=1" }' > "$tmp/big.tuning"
if "$T" $SCALED --all-configs --tuning "$tmp/big.tuning" -o "$tmp/big" 2>"$tmp/big.err" && grep -q "{{1000LL, 3LL}, 1}" "$tmp/big.c"
then ok "5 MiB tuning file"; else bad "5 MiB tuning file" "$(head -n 2 "$tmp/big.err")"; fi

# CUDA: the configs and the dispatcher compile with nvcc (no GPU needed)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ -x "$NVCC" ]; then
  mkdir -p "$tmp/cu"
  if "$T" $SCALED --all-configs --tuning tests/tune/table.tuning --target cuda -o "$tmp/cu/scaled" 2>"$tmp/cu/err" &&
     "$T" $K -n inplace_kernel -s "*i32, i32" -g "cdiv(n, BLOCK)" --all-configs --target cuda -o "$tmp/cu/inplace" &&
     "$T" $K -n sum_kernel -s "*i32, *i32, i32" -g "cdiv(n, BLOCK)" --all-configs --target cuda -o "$tmp/cu/sum"; then
    if (cd "$tmp/cu" && "$NVCC" -arch=sm_90 -Werror all-warnings -c ./*.cu) >"$tmp/cu/log" 2>&1
    then ok "CUDA configs and dispatchers compile (nvcc sm_90)"
    else bad "CUDA configs and dispatchers compile" "$(grep -m 2 -i error "$tmp/cu/log")"; fi
  else bad "CUDA translation" "$(head -n 2 "$tmp/cu/err")"; fi
else
  echo "SKIP CUDA compile (no nvcc)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
