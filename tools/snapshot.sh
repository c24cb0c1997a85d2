#!/bin/sh
# snapshot.sh — translate every execution case, golden source and bench kernel into DIR, so two
# translators (before and after a refactor) can be compared with `diff -r`.
#
#   sh tools/snapshot.sh DIR [TARGET]     TRITONC=path/to/tritonc (default bin/tritonc)
#
# DIR/case_NAME.EXT, DIR/golden_NAME.EXT and DIR/bench_NAME.EXT, with .h beside each; a
# translation that fails leaves DIR/*.err with its message and exit status instead.
set -u
cd "$(dirname "$0")/.." || exit 2
T=${TRITONC:-bin/tritonc}
D=$1
TGT=${2:-c}
mkdir -p "$D"
tr1() { # out file kernel signature [grid]
  out=$1 f=$2 n=$3 s=$4 g=${5:-}
  if [ -n "$g" ]; then "$T" "$f" -n "$n" -s "$s" -g "$g" --target "$TGT" -o "$D/$out" 2>"$D/$out.err"
  else "$T" "$f" -n "$n" -s "$s" --target "$TGT" -o "$D/$out" 2>"$D/$out.err"; fi
  rc=$?
  if [ $rc -eq 0 ]; then rm -f "$D/$out.err"; else echo "exit $rc" >>"$D/$out.err"; fi
}
field() { sed -n "s/^$1: *//p" "$2" | head -n 1; }
for c in tests/cases/*.case; do
  name=$(basename "$c" .case)
  tr1 "case_$name" "$(field file "$c")" "$(field kernel "$c")" "$(field signature "$c")" "$(field grid "$c")"
done
for py in tests/golden/*.py; do
  name=$(basename "$py" .py)
  hdr=$(sed -n 's/^# tritonc: //p' "$py" | head -n 1)
  [ -n "$hdr" ] || continue
  f=$(sed -n 's/^# file: //p' "$py" | head -n 1)
  [ -n "$f" ] || f=$py
  eval "set -- $hdr"
  "$T" "$f" "$@" --target "$TGT" -o "$D/golden_$name" >/dev/null 2>"$D/golden_$name.err" &&
    rm -f "$D/golden_$name.err"
done
tr1 bench_add examples/add.py add_kernel "*fp32:16, *fp32:16, *fp32:16, i32, 1024"
tr1 bench_softmax examples/softmax.py softmax_kernel "*fp32:16, *fp32:16, i32, i32, i32, i32, 1024"
tr1 bench_layernorm examples/layernorm.py _layer_norm_fwd_fused \
  "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024"
tr1 bench_bias_gelu examples/bias_gelu.py bias_gelu_kernel "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 8, 1024"
tr1 bench_row_sum examples/reductions.py row_sum_kernel "*fp32:16, *fp32:16, i32, i32, i32, 4, 1024"
tr1 bench_silu64 tests/conformance/kernels/int64_offsets.py silu64_kernel "*fp32:16, *fp32:16, i32, 1024"
tr1 bench_add_f16 examples/add.py add_kernel "*fp16:16, *fp16:16, *fp16:16, i32, 1024"
tr1 bench_bias_gelu_f16 examples/bias_gelu.py bias_gelu_kernel \
  "*fp16:16, *fp32:16, *fp16:16, i32, i32, i32, i32, 8, 1024"
echo "$(ls "$D" | grep -c -v '\.err$') files, $(ls "$D" | grep -c '\.err$') failed translations in $D"
