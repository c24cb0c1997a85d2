#!/bin/sh
# run.sh — the C target's --plain output against real Triton: tests/exec/run.sh with TC_PLAIN=1
# (ASan+UBSan and -O3 builds, build/exec_plain) on the recorded cases where --plain changes what
# is computed or read: every case whose default translation has rotated accumulators (plain
# sums in another order), a tl.dot operand read in place or a kept copy (plain copies it), and
# a few whose plain form only loses prefetches and streaming stores. The whole set runs with
# `TC_PLAIN=1 bash tests/exec/run.sh`. Prints PASS/FAIL lines and "N passed, N failed".
# Honours TRITONC, CC, TC_JOBS.
cd "$(dirname "$0")/../.." || exit 2
T=${TRITONC:-bin/tritonc}
header() { sed -n "s/^$2: *//p" "$1" | sed -n 1p; }
names="add vec_add_fp32 bias_gelu row_sum col_sum"
for f in tests/cases/*.case; do
  n=$(basename "$f" .case)
  if "$T" "$(header "$f" file)" -n "$(header "$f" kernel)" -s "$(header "$f" signature)" \
       -g "$(header "$f" grid)" --emit c 2> /dev/null |
     grep -q -e '_acc_1 = ' -e 'TC_ACC4(' -e 'tc_keep_lookup(' -e '_in_place_at = '; then
    names="$names $n"
  fi
done
# shellcheck disable=SC2086
TC_PLAIN=1 bash tests/exec/run.sh $names
