#!/bin/sh
# libfuzzer.sh — runs the libFuzzer target bin/fuzz-translate (make bin/fuzz-translate; clang)
# from a seed corpus of every execution case and golden kernel (name, signature and grid lines,
# then the file; the format is in tests/fuzz/fuzz_translate.c).
#
#   sh tests/fuzz/libfuzzer.sh [SECONDS] [libFuzzer options...]    default 60 s
# The corpus grows in build/fuzz/corpus/; crashes are written to build/fuzz/crash-*.
cd "$(dirname "$0")/../.." || exit 2
secs=${1:-60}
[ $# -gt 0 ] && shift
seeds=build/fuzz/seeds corpus=build/fuzz/corpus
mkdir -p "$seeds" "$corpus"
field() { sed -n "s/^$1: *//p" "$2" | head -n 1; }
for c in tests/cases/*.case; do
  { field kernel "$c"; field signature "$c"; field grid "$c"; cat "$(field file "$c")"; } \
    > "$seeds/case_$(basename "$c" .case)"
done
for py in tests/golden/*.py; do
  hdr=$(sed -n 's/^# tritonc: //p' "$py" | head -n 1)
  [ -n "$hdr" ] || continue
  f=$(sed -n 's/^# file: //p' "$py" | head -n 1)
  eval "set -- $hdr"
  n= s= g=
  while [ $# -gt 0 ]; do
    case $1 in -n) n=$2; shift ;; -s) s=$2; shift ;; -g) g=$2; shift ;; esac
    shift
  done
  [ -n "$n" ] && printf '%s\n%s\n%s\n' "$n" "$s" "$g" | cat - "${f:-$py}" > "$seeds/golden_$(basename "$py" .py)"
done
ASAN_OPTIONS=detect_leaks=0 exec bin/fuzz-translate -max_total_time="$secs" -timeout=10 \
  -rss_limit_mb=4096 -max_len=65536 -artifact_prefix=build/fuzz/ -print_final_stats=1 "$@" \
  "$corpus" "$seeds"
