#!/bin/sh
# run.sh — axis facts (pass_axis) as `--emit ir` shows them, checked line by line.
#
#   sh tests/ir/run.sh [NAME...]     TRITONC=path/to/tritonc (default bin/tritonc)
#
# Each tests/ir/NAME.py starts with `# tritonc: ARGS` (the translator's arguments besides the
# file); every `# expect: REGEX` line in it must match a line of the dump (grep -E), every
# `# reject: REGEX` line none. One PASS/FAIL per expectation; ends with "N passed, N failed".
LC_ALL=C
export LC_ALL
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/irtest.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; fail=$((fail + 1)); }
if [ $# -eq 0 ]; then set -- tests/ir/*.py; fi
for f in "$@"; do
  case $f in *.py) ;; *) f=tests/ir/$f.py ;; esac
  name=$(basename "$f" .py)
  args=$(sed -n 's/^# tritonc: //p' "$f" | head -n 1)
  if [ -z "$args" ]; then bad "$name" "no '# tritonc:' line"; continue; fi
  if ! eval "\"\$T\" \"\$f\" $args --emit ir" > "$tmp/ir" 2> "$tmp/err"; then
    bad "$name" "tritonc failed: $(head -n 1 "$tmp/err")"; continue
  fi
  n=0
  while IFS= read -r line; do
    case $line in
      "# expect: "*) re=${line#\# expect: }; n=$((n + 1))
        if grep -Eq -- "$re" "$tmp/ir"; then ok "$name#$n"; else bad "$name#$n" "no line matches: $re"; fi ;;
      "# reject: "*) re=${line#\# reject: }; n=$((n + 1))
        if grep -Eq -- "$re" "$tmp/ir"; then bad "$name#$n" "a line matches: $re"; else ok "$name#$n"; fi ;;
    esac
  done < "$f"
  [ "$n" -gt 0 ] || bad "$name" "no expectations"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
