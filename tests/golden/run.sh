#!/bin/sh
# run.sh — golden tests: each tests/golden/NAME.py beside its expected output.
#
#   sh tests/golden/run.sh [NAME...]     run all tests (or the named ones)
#   UPDATE=1 sh tests/golden/run.sh ...  (re)write the expected files from the current output
#   TRITONC=path/to/tritonc              translator to test (default bin/tritonc)
#
# A test's header is its leading comment lines:
#
#   # tritonc: -n add_kernel -s "*fp32, i32, 128" -g "cdiv(n, 128), 1, 1"
#   # file: examples/add.py          (optional) translate that file instead of this one
#   # generate: sh tests/golden/X.gen (optional) translate the file this command writes to stdout
#
# The `tritonc:` line is split like a shell command line. The translator runs from the repository
# root on the path tests/golden/NAME.py (or the `file:` path), so messages name stable paths; a
# generated input is written to tests/golden/NAME.py under a scratch directory and translated from
# there, so its messages read the same.
#
# Expected results, beside NAME.py:
#   NAME.err          stderr, compared exactly; the exit status must be 1 and stdout empty.
#   NAME.c + NAME.h   the files written by `-o DIR/NAME`; exit status 0 and stderr empty.
#   NAME.cu + NAME.h  the same for `--target cuda` (the test's header line asks for it).
#   NAME.STAGE        stdout of a test whose header line has `--emit STAGE` (plan, ir, ...):
#                     exit status 0 and stderr empty; no -o is given.
# Any other exit status (a crash, exit 2 or 3, a signal, or a run past 10 s) fails the test, and
# UPDATE=1 writes nothing for it. For a new test (no expected file yet), UPDATE=1 writes NAME.err
# when the translator exits 1 and NAME.c + NAME.h when it exits 0, except that a test named
# err_* always expects an error. Read every file it writes
# before committing it: a golden file is only as right as its reader's judgement.
#
# Ends with one line "N passed, N failed"; exits nonzero if any test failed.

LC_ALL=C
export LC_ALL
cd "$(dirname "$0")/../.." || exit 2
root=$(pwd)
TRITONC=${TRITONC:-bin/tritonc}
case $TRITONC in
  /*) tc=$TRITONC ;;
  */*) tc=$root/$TRITONC ;;
  *) tc=$TRITONC ;;
esac
if command -v timeout > /dev/null 2>&1; then
  limit="timeout 10"
else
  limit=
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

pass=0
fail=0
mkdir -p "$tmp/out"

# header FILE KEY: the value of the first leading "# KEY: value" comment line, or nothing.
header() {
  sed -n -e '/^#/!q' -e "s/^# $2: //p" "$1" | sed -n 1p
}

# show FILE: print the first lines of FILE, indented.
show() {
  sed -n -e '1,25s/^/    /p' "$1"
}

# compare EXPECTED ACTUAL LABEL: prints nothing when equal, else the start of a diff.
compare() {
  if [ ! -f "$1" ]; then
    echo "  missing $1"
  elif [ ! -f "$2" ]; then
    echo "  $3 was not written"
  elif ! cmp -s "$1" "$2"; then
    echo "  $3 differs (--- expected, +++ actual):"
    diff -u "$1" "$2" | sed -e '3,42!d' -e 's/^/    /'
  fi
}

# update ACTUAL EXPECTED: under UPDATE=1, copies a changed output over its expected file.
update() {
  if ! cmp -s "$1" "$2"; then
    cp "$1" "$2" && echo "UPDATE ${2#tests/golden/}"
  fi
}

# verdict NAME: PASS, or FAIL followed by the reasons gathered in $out.why.
verdict() {
  if [ -s "$out.why" ]; then
    echo "FAIL $1"
    cat "$out.why"
    fail=$((fail + 1))
  else
    echo "PASS $1"
    pass=$((pass + 1))
  fi
}

# run_test NAME: runs one test; prints PASS/FAIL lines and updates the counters.
run_test() {
  name=$1
  py=tests/golden/$name.py
  exp=tests/golden/$name
  out=$tmp/out/$name
  args=$(header "$py" tritonc)
  : > "$out.why"
  if [ -z "$args" ]; then
    echo "  no '# tritonc:' header line" > "$out.why"
    verdict "$name"
    return
  fi
  src=$(header "$py" file)
  [ -n "$src" ] || src=$py
  gen=$(header "$py" generate)
  dir=$root
  if [ -n "$gen" ]; then
    dir=$tmp/gen/$name
    mkdir -p "$dir/tests/golden"
    if ! (eval "$gen") > "$dir/$py"; then
      echo "  the generator failed: $gen" > "$out.why"
      verdict "$name"
      return
    fi
  fi
  eval "set -- $args"
  stage= prev=
  for a in "$@"; do
    [ "$prev" = --emit ] && stage=$a
    prev=$a
  done
  [ -n "$stage" ] || set -- "$@" -o "$out"
  (cd "$dir" && exec $limit "$tc" "$src" "$@") > "$out.stdout" 2> "$out.stderr"
  rc=$?

  : > "$out.why"
  case $rc in
    0 | 1) ;;
    124) echo "  timed out after 10 s" > "$out.why" ;;
    2) echo "  exit status 2 (usage error)" > "$out.why" ;;
    3) echo "  exit status 3 (internal error)" > "$out.why" ;;
    *) echo "  exit status $rc (a crash)" > "$out.why" ;;
  esac
  if [ -s "$out.why" ]; then
    show "$out.stderr" >> "$out.why"
    verdict "$name"
    return
  fi

  ext=c
  case " $args " in *" --target cuda "*) ext=cu ;; esac
  if [ -n "$stage" ]; then
    kind=emit
  elif [ -f "$exp.$ext" ] || [ -f "$exp.h" ]; then
    kind=c
  elif [ -f "$exp.err" ]; then
    kind=err
  elif [ -n "$UPDATE" ] && [ $rc -eq 0 ] && [ "${name#err_}" = "$name" ]; then
    kind=c
  elif [ -n "$UPDATE" ]; then
    kind=err
  else
    echo "  no expected file ($name.err, or $name.$ext and $name.h)" > "$out.why"
    verdict "$name"
    return
  fi

  if [ -n "$UPDATE" ]; then
    if [ $kind = err ] && [ $rc -eq 1 ]; then
      update "$out.stderr" "$exp.err"
    elif [ $kind = c ] && [ $rc -eq 0 ] && [ ! -s "$out.stderr" ]; then
      update "$out.$ext" "$exp.$ext"
      update "$out.h" "$exp.h"
    elif [ $kind = emit ] && [ $rc -eq 0 ] && [ ! -s "$out.stderr" ]; then
      update "$out.stdout" "$exp.$stage"
    fi
  fi

  if [ $kind = err ]; then
    if [ $rc -ne 1 ]; then
      echo "  exit status $rc, expected 1: the kernel was accepted" >> "$out.why"
    fi
    if [ -s "$out.stdout" ]; then
      echo "  wrote to stdout:" >> "$out.why"
      show "$out.stdout" >> "$out.why"
    fi
    compare "$exp.err" "$out.stderr" "$name.err" >> "$out.why"
  elif [ $rc -ne 0 ]; then
    echo "  exit status $rc, expected 0; stderr:" >> "$out.why"
    show "$out.stderr" >> "$out.why"
  elif [ -s "$out.stderr" ]; then
    echo "  wrote to stderr:" >> "$out.why"
    show "$out.stderr" >> "$out.why"
  elif [ $kind = emit ]; then
    compare "$exp.$stage" "$out.stdout" "$name.$stage" >> "$out.why"
  else
    compare "$exp.$ext" "$out.$ext" "$name.$ext" >> "$out.why"
    compare "$exp.h" "$out.h" "$name.h" >> "$out.why"
  fi
  verdict "$name"
}

if [ $# -eq 0 ]; then
  for py in tests/golden/*.py; do
    [ -f "$py" ] || continue
    n=${py##*/}
    set -- "$@" "${n%.py}"
  done
fi
for name in "$@"; do
  name=${name##*/}
  name=${name%.py}
  if [ ! -f "tests/golden/$name.py" ]; then
    echo "FAIL $name: no tests/golden/$name.py"
    fail=$((fail + 1))
    continue
  fi
  run_test "$name"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
