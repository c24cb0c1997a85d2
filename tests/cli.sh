#!/bin/sh
# cli.sh — command-line behaviour: exit statuses, --help/--version, --emit, --list-configs,
# --templates, -D. Prints PASS/FAIL lines and "N passed, N failed".
cd "$(dirname "$0")/.."
T=${TRITONC:-bin/tritonc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
check() { # name, expected status, command...
  name=$1; want=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
  if [ "$got" -eq "$want" ]; then echo "PASS $name"; pass=$((pass + 1))
  else echo "FAIL $name (exit $got, want $want): $(head -n 2 "$tmp/err")"; fail=$((fail + 1)); fi
}
has() { # name, file, text
  if grep -q -- "$3" "$2"; then echo "PASS $1"; pass=$((pass + 1))
  else echo "FAIL $1 (no '$3' in output)"; fail=$((fail + 1)); fi
}
ADD="examples/add.py -n add_kernel -s *fp32:16,*fp32:16,*fp32:16,i32,1024"
check help 0 $T --help;                         has help-text "$tmp/out" "usage: tritonc"
check version 0 $T --version;                   has version-text "$tmp/out" "tritonc "
check no-args 2 $T
check unknown-option 2 $T --frobnicate
check missing-file 2 $T no/such/file.py -n k
check bad-target 2 $T $ADD --target fortran
check bad-emit 2 $T $ADD --emit asm
check bad-stages 2 $T $ADD -ns 0
check bad-stages-text 2 $T $ADD --num-stages 3x
# -ns: the buffers of a pipelined tl.dot (fp16 matmul, 64x64x32 tiles): one wait per depth
MM="examples/matmul.py -n matmul_kernel -s *fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,64,64,32,4,False --emit cuda"
check stages-2 0 $T $MM -ns 2;                  has stages-2-wait "$tmp/out" "tc_cp_wait_group<0>"
check stages-4 0 $T $MM -ns 4;                  has stages-4-wait "$tmp/out" "tc_cp_wait_group<2>"
has stages-4-ring "$tmp/out" "ring0_stage = (ring0_stage + 1) % 4"
check stages-1 0 $T $MM -ns 1
if grep -q "tc_cp_wait_group" "$tmp/out"; then echo "FAIL stages-1-none (a pipeline at -ns 1)"; fail=$((fail + 1))
else echo "PASS stages-1-none"; pass=$((pass + 1)); fi
check emit-ast 0 $T $ADD --emit ast;            has emit-ast-text "$tmp/out" "function definition"
check emit-ir 0 $T $ADD --emit ir;              has emit-ir-text "$tmp/out" "program_id axis=0"
check emit-c 0 $T $ADD --emit c;                has emit-c-text "$tmp/out" "add_kernel_program"
# a misspelt kernel name: exit 1, and the error names the kernel the file has
check kernel-typo 1 $T examples/add.py -n add_kernl -s "*fp32, *fp32, *fp32, i32, 1024"
has kernel-typo-text "$tmp/err" "kernel 'add_kernl' not found; did you mean 'add_kernel'?"
# --link: several -s only with it, and it needs the grid its function launches on
check several-s-without-link 2 $T examples/add.py -n add_kernel -s "*fp32, *fp32, *fp32, i32, 1024" -s "*fp32, *fp32, *fp32, i64, 1024"
check link-without-grid 2 $T examples/add.py -n add_kernel --link -s "*fp32, *fp32, *fp32, i32, 1024"
check link-with-emit 2 $T examples/add.py -n add_kernel --link -s "*fp32, *fp32, *fp32, i32, 1024" -g "1, 1, 1" --emit c
check list-configs 0 $T tests/conformance/kernels/autotune_heur.py -n axpy_autotuned_kernel --list-configs
has list-configs-text "$tmp/out" "config 0:"
check define-value 0 $T examples/add.py -n add_kernel -s "*fp32, *fp32, *fp32, i32" -D BLOCK_SIZE=256 --emit ir
has define-value-text "$tmp/out" "BLOCK_SIZE=256"
# a signature tuple and a -D tuple nested 10,000 deep: errors, not a stack overflow
DEEP=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "("; printf "1,"; for (i = 0; i < 10000; i++) printf ")" }')
check sig-deep-tuple 1 $T tests/golden/err_sig_tuple_too_deep.py -n k -s "$DEEP, *fp32" -g "1, 1, 1" --emit c
has sig-deep-tuple-text "$tmp/err" "tuple nested too deeply (more than 32 levels)"
check define-deep-tuple 2 $T examples/add.py -n add_kernel -s "*fp32, *fp32, *fp32, i32" -D "BLOCK_SIZE=$DEEP" --emit ir
has define-deep-tuple-text "$tmp/err" "tuple nested too deeply"
mkdir -p "$tmp/tmpl"
printf '/* MY BANNER {{KERNEL}} */\n' > "$tmp/tmpl/c_banner.tmpl"
check templates 0 $T $ADD --templates "$tmp/tmpl" --emit c; has templates-text "$tmp/out" "MY BANNER add_kernel"
printf '/* {{NO_SUCH_KEY}} */\n' > "$tmp/tmpl/c_banner.tmpl"
check templates-bad-key 1 $T $ADD --templates "$tmp/tmpl" --emit c
# dead loop-carried values and `if` results leave nothing set but unused in the C
check dead-carried 0 $T tests/golden/dead_carried.py -n mix_rows_kernel -s "*fp32, *fp32, *fp32, i32, 4, 32" -o "$tmp/dc"
check dead-carried-cc 0 cc -std=c11 -fopenmp -fsyntax-only -Wall -Wextra -Werror "$tmp/dc.c"
# a row's index read only by a check the whole-vector loop decides inside a pulled mask is marked used
check mask-decided-pulled 0 $T tests/golden/mask_decided_pulled.py -n causal_mask_kernel -s "*fp32, *fp32, i32, 64" -o "$tmp/mdp"
check mask-decided-pulled-cc 0 cc -std=c11 -fopenmp -fsyntax-only -Wall -Wextra -Werror "$tmp/mdp.c"
check mask-decided-select 0 $T tests/golden/mask_decided_select.py -n col_max_kernel -s "*fp32, *fp32, *fp32, i32, 16, 16, 16" -o "$tmp/mds"
check mask-decided-select-cc 0 cc -std=c11 -fopenmp -fsyntax-only -march=native -Wall -Wextra -Werror "$tmp/mds.c"
# a heuristic tritonc cannot run: -D gives the value it would have computed
check heuristic-host-function-D 0 $T tests/golden/err_heuristic_host_function.py -n copy_kernel -s "*fp32, *fp32, i32" -D BLOCK=64 --emit ir
has heuristic-host-function-D-text "$tmp/out" "BLOCK=64"
# CUDA: parameters named like the emitter's own variables (e, s, w) compile
if command -v nvcc >/dev/null 2>&1; then
  check cu-param-e 0 $T tests/golden/cu_param_e.py --target cuda -n gelu_kernel -s "*fp32, *fp32, i32, 256" -g "cdiv(w, 256), 1, 1" -o "$tmp/cue"
  check cu-param-e-nvcc 0 nvcc -O3 -c -arch=sm_90 -Iruntime -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror "$tmp/cue.cu" -o "$tmp/cue.o"
  # a tuple reduce's dropped result declares no variable nvcc would warn about
  check cu-reduce-tuple-unused 0 $T tests/golden/cu_reduce_tuple_unused.py --target cuda -n merge_stats_kernel -s "*fp32, *fp32, *fp32, *fp32, i32, 16" -g "1, 1, 1" -o "$tmp/cur"
  check cu-reduce-tuple-unused-nvcc 0 nvcc -O3 -c -arch=sm_90 -Iruntime -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror "$tmp/cur.cu" -o "$tmp/cur.o"
  # --include-runtime: the whole tc_cuda_kernel.h is included, and must compile on its own
  check cu-include-runtime 0 $T tests/golden/cu_shift_count_width.py --target cuda -n k -s "*i32, *i32, i32, i32, 64, 16" -g "1, 1, 1" --include-runtime -o "$tmp/cuinc"
  check cu-include-runtime-nvcc 0 nvcc -c -arch=sm_90 -Iruntime -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror "$tmp/cuinc.cu" -o "$tmp/cuinc.o"
fi
# --plain (C target): no prefetch, streaming, kept tile or rotated accumulator, still SIMD; the
# whole file copies no runtime section for them and compiles without a warning
hasnt() { # name, file, text
  if grep -q -- "$3" "$2"; then echo "FAIL $1 ('$3' in output)"; fail=$((fail + 1))
  else echo "PASS $1"; pass=$((pass + 1)); fi
}
SM="examples/softmax.py -n softmax_kernel -s *fp32,*fp32,i32,i32,i32,i32,128 -g n_rows,1,1"
check plain-cuda 2 $T $SM --plain --target cuda; has plain-cuda-text "$tmp/err" "--plain is for the C target"
check plain-plan 0 $T $SM --plain --emit plan;   has plain-plan-text "$tmp/out" "; plain: no prefetches"
check plain-default-plan 0 $T $SM --emit plan;   hasnt plain-default-plan-text "$tmp/out" "plain:"
check plain-default 0 $T $SM -o "$tmp/sm";      has plain-default-pf "$tmp/sm.c" "tc_prefetch_next("
check plain-softmax 0 $T $SM --plain -o "$tmp/smp"
for w in tc_prefetch_next TC_PREFETCH_SITE tc_pf_site tc_nt_on tc_f32_store_nt tc_stream_fence _Thread_local acc_1 TC_ACC4 TC_ROTATE4 TC_PREFETCH_MIN_BYTES TC_STREAM_MIN_BYTES; do
  hasnt "plain-softmax-no-$w" "$tmp/smp.c" "$w"
done
has plain-softmax-simd "$tmp/smp.c" "tc_f32_hsum(denominator_acc)"
check plain-softmax-cc 0 cc -std=c11 -O2 -fopenmp -fsyntax-only -Wall -Wextra -Werror "$tmp/smp.c"
MMS="examples/matmul.py -n matmul_kernel -s *fp32:16,*fp32:16,*fp32:16,i32,i32,i32,i32:16,i32:16,i32:16,64,64,32,8,True -g cdiv(M,64)*cdiv(N,64),1,1"
check plain-matmul 0 $T $MMS --plain -o "$tmp/mmp"
for w in tc_keep in_place tc_tile_at __builtin_prefetch tc_prefetch_next _Thread_local tc_f32_panel tc_dot_f32_push; do
  hasnt "plain-matmul-no-$w" "$tmp/mmp.c" "$w"
done
has plain-matmul-dot "$tmp/mmp.c" "tc_dot_f32(64, 64, 32, "
# by default the fp32 K loop of a 64 x 64 accumulator gathers its trips in a panel (sections
# f32panel, f32pack), which reads A in place; a 32 x 32 one (4 KiB, stays in L1) takes none
check panel-matmul 0 $T $MMS -o "$tmp/mmd"
has panel-matmul-push "$tmp/mmd.c" "tc_dot_f32_push(&acc_panel, 32, "
has panel-matmul-reads "$tmp/mmd.c" "a_in_place_at != NULL);"
has panel-matmul-close "$tmp/mmd.c" "tc_dot_f32_close(&acc_panel);"
check panel-matmul-cc 0 cc -std=c11 -O2 -fopenmp -fsyntax-only -Wall -Wextra -Werror "$tmp/mmd.c"
check panel-matmul-32 0 $T $(echo "$MMS" | sed 's/,64,64,32,8,/,32,32,32,8,/') -o "$tmp/mm32"
hasnt panel-matmul-32-none "$tmp/mm32.c" "tc_f32_panel"
check plain-matmul-cc 0 cc -std=c11 -O2 -fopenmp -fsyntax-only -Wall -Wextra -Werror "$tmp/mmp.c"
# bf16: the product per trip (tc_dot_bf16), no K-loop panel (runtime sections bf16panel, panel)
check plain-matmul-bf16 0 $T $(echo "$MMS" | sed 's/[*]fp32:16/*bf16:16/g') --plain -o "$tmp/mmb"
has plain-matmul-bf16-dot "$tmp/mmb.c" "tc_dot_bf16(64, 64, 32, "
for w in tc_bf16_panel tc_dot_bf16_push; do
  hasnt "plain-matmul-bf16-no-$w" "$tmp/mmb.c" "$w"
done
check plain-link 0 $T examples/add.py -n add_kernel --link -s "*fp32, *fp32, *fp32, i32, 1024" -s "*fp32, *fp32, *fp32, i64, 1024" -g "cdiv(n_elements, 1024), 1, 1" --plain -o "$tmp/addl"
has plain-link-simd "$tmp/addl_s0.c" "tc_f32_store((output_ptr + offsets), output);"; hasnt plain-link-no-nt "$tmp/addl_s0.c" "tc_nt_on"
# standard output that cannot be written (a full disk) is an error, on every path that prints
check full-emit-c 2 sh -c "$T $ADD --emit c > /dev/full";  has full-emit-c-text "$tmp/err" "cannot write <standard output>"
check full-emit-ir 2 sh -c "$T $ADD --emit ir > /dev/full"
check full-emit-ast 2 sh -c "$T $ADD --emit ast > /dev/full"
check full-list-configs 2 sh -c "$T tests/conformance/kernels/autotune_heur.py -n axpy_autotuned_kernel --list-configs > /dev/full"
check full-help 2 sh -c "$T --help > /dev/full"
check full-version 2 sh -c "$T --version > /dev/full"
# a -n that is not a Python name is refused, and printed with its control characters escaped
check name-newline 2 $T examples/add.py -n "add_kernel
" -s "*fp32, *fp32, *fp32, i32, 1024";          has name-newline-text "$tmp/err" "'add_kernel.n' is not a Python name"
check name-dot 2 $T examples/add.py -n add.kernel -s "*fp32, *fp32, *fp32, i32, 1024"
# a directory is not a kernel file (it read as an empty one)
check input-dir 2 $T examples -n add_kernel;      has input-dir-text "$tmp/err" "cannot read 'examples'"
# -w: one rule and one status for every bad value (Triton's 1 to 32 warps, a power of two)
check warps-3 2 $T $ADD -w 3 --emit c
check warps-1024 2 $T $ADD -w 1024 --emit c --target cuda
check warps-text 2 $T $ADD -w 4x --emit c
check warps-32 0 $T $ADD -w 32 --emit cuda
# a file with CR line endings (old Mac; Python reads each CR as a newline) translates as with LF
mkdir -p "$tmp/cr" "$tmp/lf"
case $T in /*) TA=$T ;; *) TA=$(pwd)/$T ;; esac
tr '\n' '\r' < examples/add.py > "$tmp/cr/add.py"; cp examples/add.py "$tmp/lf/add.py"
check cr-endings 0 sh -c "cd $tmp/cr && $TA add.py -n add_kernel -s '*fp32, *fp32, *fp32, i32, 1024' -o add"
check lf-endings 0 sh -c "cd $tmp/lf && $TA add.py -n add_kernel -s '*fp32, *fp32, *fp32, i32, 1024' -o add"
if cmp -s "$tmp/cr/add.c" "$tmp/lf/add.c"; then echo "PASS cr-same-c"; pass=$((pass + 1))
else echo "FAIL cr-same-c (the C differs)"; fail=$((fail + 1)); fi
sed 's/x + y/x +* y/' examples/add.py | tr '\n' '\r' > "$tmp/cr/bad.py"
check cr-error 1 $T "$tmp/cr/bad.py" -n add_kernel -s '*fp32, *fp32, *fp32, i32, 1024'
has cr-error-line "$tmp/err" "bad.py:16:"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
