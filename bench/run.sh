#!/bin/sh
# bench/run.sh — `make bench`: generated C vs hand-written C vs the machine's triad bandwidth,
# measured side by side in one run, then the tl.dot matmul example (pointer tiles and block
# pointers) vs OpenBLAS and the flash-attention example vs plain C loops (GFLOP/s).
# Not a test: it prints tables of GB/s, GFLOP/s and ratios.
#   sh bench/run.sh [KERNEL...]   only those rows of the first tables (add, silu_i64, add_fp16,
#                                 gelu_fp16, ...; default: all), and matmul or attention only if
#                                 named; naming only those two skips the first tables; plain:
#                                 the default C against --plain (bench/plain.sh)
#   TC_FLAGS="--plain" sh bench/run.sh ...   the same with extra translator options
set -eu
cd "$(dirname "$0")/.."
T=${TRITONC:-bin/tritonc}
B=build/bench
mkdir -p $B
# shellcheck disable=SC2086
tr() { "$T" "$1" -n "$2" -s "$3" ${TC_FLAGS:-} -o "$B/$4"; }
tr examples/add.py add_kernel "*fp32:16, *fp32:16, *fp32:16, i32, 1024" add
tr examples/softmax.py softmax_kernel "*fp32:16, *fp32:16, i32, i32, i32, i32, 1024" softmax
tr examples/layernorm.py _layer_norm_fwd_fused \
   "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024" layernorm
tr examples/bias_gelu.py bias_gelu_kernel "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 8, 1024" bias_gelu
tr examples/reductions.py row_sum_kernel "*fp32:16, *fp32:16, i32, i32, i32, 4, 1024" row_sum
tr tests/conformance/kernels/int64_offsets.py silu64_kernel "*fp32:16, *fp32:16, i32, 1024" silu64
# fp16 I/O: the same kernels as add and bias_gelu, renamed when compiled (-D) to link beside them
tr examples/add.py add_kernel "*fp16:16, *fp16:16, *fp16:16, i32, 1024" add_f16
tr examples/bias_gelu.py bias_gelu_kernel "*fp16:16, *fp32:16, *fp16:16, i32, i32, i32, i32, 8, 1024" bias_gelu_f16
SLEEF=""
if echo "#include <sleef.h>" | ${CC:-cc} -E -x c - >/dev/null 2>&1; then SLEEF="-DTC_HAVE_SLEEF"; LSLEEF="-lsleef"; else LSLEEF=""; fi
CFLAGS="-std=c11 -O3 -march=native -fopenmp $SLEEF -I$B"
for k in add softmax layernorm bias_gelu row_sum silu64; do ${CC:-cc} $CFLAGS -c $B/$k.c -o $B/$k.o; done
${CC:-cc} $CFLAGS -Dadd_kernel=add_f16_kernel -Dadd_kernel_grid=add_f16_kernel_grid -c $B/add_f16.c -o $B/add_f16.o
${CC:-cc} $CFLAGS -Dbias_gelu_kernel=bias_gelu_f16_kernel -Dbias_gelu_kernel_grid=bias_gelu_f16_kernel_grid \
  -c $B/bias_gelu_f16.c -o $B/bias_gelu_f16.o
${CC:-cc} $CFLAGS bench/bench.c bench/hand.c $B/*.o -o $B/bench $LSLEEF -lm
ARGS=" $* "
named() { [ "$ARGS" = "  " ] || echo "$ARGS" | grep -q " $1 "; }
rest=$(echo "$ARGS" | sed 's/ matmul / /g; s/ attention / /g; s/ plain / /g; s/^ *//; s/ *$//')
# shellcheck disable=SC2086
if [ $# -eq 0 ] || [ -n "$rest" ]; then $B/bench $rest; fi
if named matmul; then
# tl.dot: the matmul example (fp32, 128x128x32 tiles, grouped order) against OpenBLAS sgemm
tr examples/matmul.py matmul_kernel \
   "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 32, 8, False" matmul
${CC:-cc} $CFLAGS -c $B/matmul.c -o $B/matmul.mo
# the same product written with block pointers (examples/matmul_block_ptr.py), same tiles
tr examples/matmul_block_ptr.py matmul_bp_kernel \
   "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 32, 8" matmul_bp
${CC:-cc} $CFLAGS -c $B/matmul_bp.c -o $B/matmul_bp.mo
BLAS_INC=$(pkg-config --cflags openblas 2>/dev/null || echo "-I/usr/include/x86_64-linux-gnu/openblas-pthread")
BLAS_LIB=$(pkg-config --libs openblas 2>/dev/null || echo "-lopenblas")
# shellcheck disable=SC2086
${CC:-cc} $CFLAGS $BLAS_INC bench/matmul.c $B/matmul.mo $B/matmul_bp.mo -o $B/matmul_bench $BLAS_LIB -lm
$B/matmul_bench
fi
if named attention; then
# tl.dot twice per key block: the flash-attention example, fp32, 128 x 64 blocks, non-causal and
# causal (the causal translation renamed when compiled, to link beside the other)
tr examples/flash_attention.py attn_fwd_kernel \
   "*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32:16, i32:16, fp32, 64, 128, 64, False" attn
tr examples/flash_attention.py attn_fwd_kernel \
   "*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32:16, i32:16, fp32, 64, 128, 64, True" attn_causal
${CC:-cc} $CFLAGS -c $B/attn.c -o $B/attn.mo
${CC:-cc} $CFLAGS -Dattn_fwd_kernel=attn_causal_kernel -Dattn_fwd_kernel_grid=attn_causal_kernel_grid \
  -c $B/attn_causal.c -o $B/attn_causal.mo
${CC:-cc} $CFLAGS bench/attention.c $B/attn.mo $B/attn_causal.mo -o $B/attention_bench -lm
$B/attention_bench
fi
if named plain; then sh bench/plain.sh; fi
