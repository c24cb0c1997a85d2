#!/bin/sh
# tests/lang/run.sh — the language features whose cases wait in tests/cases_pending for real
# Triton's outputs (sort, topk, gather, histogram, flip, fp8, ...): each case runs through
# tests/exec/run.sh (ASan+UBSan and -O3 builds) against the plain-Python references of
# tests/lang/ref.py. A case already moved to tests/cases (recorded) is checked here too;
# tests/lang/cases holds the cases real Triton cannot record (fp8e4b15 on sm_90).
#   sh tests/lang/run.sh [NAME...]
cd "$(dirname "$0")/../.." || exit 2
B=build/lang
rm -rf "$B/cases" "$B/data"
mkdir -p "$B/cases" "$B/data"
names=$(sed -n 's/^@ref(\(.*\))$/\1/p' tests/lang/ref.py | tr -d '",' )
for n in $names; do
  for d in tests/cases_pending tests/cases tests/lang/cases; do
    [ -f "$d/$n.case" ] && { cp "$d/$n.case" "$B/cases/"; break; }
  done
done
python3 tests/lang/ref.py "$B/data" "$B"/cases/*.case || { echo "0 passed, 1 failed"; exit 1; }
TC_CASES_DIR=$B/cases TC_DATA_DIR=$B/data TC_JOBS=${TC_JOBS:-2} exec bash tests/exec/run.sh "$@"
