#!/bin/sh
# san.sh — the translator itself under ASan+UBSan (bin/tritonc-san, `make bin/tritonc-san`).
#   1. the golden suite run with bin/tritonc-san: the same texts, errors and exit statuses;
#   2. every execution case, golden and bench kernel translated by both builds (tools/snapshot.sh):
#      each output (or error message and exit status) must be the same, with no sanitizer report.
# A sanitizer report makes the process exit 99, which both checks see as a failure.
# Prints PASS/FAIL per golden and per snapshot entry, then "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
SAN=${TRITONC_SAN:-bin/tritonc-san}
REF=${TRITONC:-bin/tritonc}
for t in "$SAN" "$REF"; do
  [ -x "$t" ] || { echo "FAIL setup ($t not built)"; echo "0 passed, 1 failed"; exit 1; }
done
ASAN_OPTIONS=exitcode=99:detect_leaks=0
UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
export ASAN_OPTIONS UBSAN_OPTIONS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/san.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# the three translations run side by side (each is one translator process at a time)
TRITONC=$SAN sh tests/golden/run.sh > "$tmp/golden.log" 2>&1 &
TRITONC=$SAN sh tools/snapshot.sh "$tmp/san" > /dev/null 2>&1 &
TRITONC=$REF sh tools/snapshot.sh "$tmp/ref" > /dev/null 2>&1
wait
sed -n -e 's/^PASS /PASS golden_san_/p' -e 's/^FAIL /FAIL golden_san_/p' -e '/^  /p' "$tmp/golden.log"
last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/golden.log" | tail -n 1)
pass=${last%% passed*}; fail=${last#*passed, }; fail=${fail%% failed*}
[ -n "$last" ] || { echo "FAIL golden_san (no result line)"; pass=0; fail=1; }

for f in $( (ls "$tmp/san"; ls "$tmp/ref") | sort -u); do
  why=""
  if [ ! -f "$tmp/san/$f" ]; then why="only the normal build wrote it"
  elif [ ! -f "$tmp/ref/$f" ]; then why="only the sanitizer build wrote it"
  elif grep -q -e 'Sanitizer' -e 'runtime error:' "$tmp/san/$f"; then why="sanitizer report"
  elif ! cmp -s "$tmp/san/$f" "$tmp/ref/$f"; then why="differs from the normal build's"
  fi
  if [ -z "$why" ]; then
    echo "PASS snapshot_$f"; pass=$((pass + 1))
  else
    echo "FAIL snapshot_$f ($why)"; sed -n '1,20s/^/    /p' "$tmp/san/$f" 2>/dev/null
    fail=$((fail + 1))
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
