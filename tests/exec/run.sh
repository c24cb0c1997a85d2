#!/usr/bin/env bash
# Execution tests: translate every tests/cases/*.case kernel to C with tritonc, build it together
# with tests/exec/runner.c, run it on the inputs recorded from real Triton and compare every
# buffer with Triton's output (tests/conformance/data/NAME/).
#
# usage: tests/exec/run.sh [PATTERN ...]    PATTERNs are shell globs matched against case names
#
# environment:
#   CC          C compiler (default cc)
#   TRITONC     translator (default bin/tritonc)
#   TC_CFLAGS   extra compiler flags for both builds
#   TC_TIMEOUT  seconds each test binary may run (default 120)
#   TC_JOBS     cases run in parallel (default: the number of cores)
#   TC_LOG_LINES  lines of log shown under a failure (default 25)
#   TC_CASES_DIR, TC_DATA_DIR  where the cases and their data are (default tests/cases and
#               tests/conformance/data; tests/dot/run.sh and tests/lang/run.sh point them at
#               their own references)
#   TC_TARGET   c (default) or cuda: translate with --target cuda, build with nvcc (NVCC,
#               TC_CUDA_ARCH, default sm_90) and run on the GPU; TC_SANITIZE=1 also runs the
#               binary under compute-sanitizer memcheck and racecheck
#   TC_PLAIN    1: translate with --plain (the C target's kernel without prefetches, streaming
#               stores, kept or in-place tiles and rotated accumulators); build/exec_plain
#   TC_CROSS    aarch64: the C target cross-compiled for AArch64 (TC_CROSS_CC, default
#               aarch64-linux-gnu-gcc; the -O3 build only, NEON) and run under qemu-aarch64
#               (QEMU_LD_PREFIX, default /usr/aarch64-linux-gnu); build/exec_aarch64
#
# Each case is built twice: with AddressSanitizer+UBSan at -O0, and at -O3 -march=native.
# Everything for case NAME goes to build/exec/NAME/.  Prints `PASS name` or
# `FAIL name (reason)` per case, then `N passed, N failed`; exits 1 if any case failed.
set -u

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2

CC=${CC:-cc}
TRITONC=${TRITONC:-bin/tritonc}
TC_CFLAGS=${TC_CFLAGS:-}
TC_TIMEOUT=${TC_TIMEOUT:-120}
TC_JOBS=${TC_JOBS:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
TC_TARGET=${TC_TARGET:-c}
NVCC=${NVCC:-nvcc}
TC_CUDA_ARCH=${TC_CUDA_ARCH:-sm_90}
TC_SANITIZE=${TC_SANITIZE:-0}
TC_CROSS=${TC_CROSS:-}
TC_PLAIN=${TC_PLAIN:-0}
SHOW_LINES=${TC_LOG_LINES:-25}
CASES_DIR=${TC_CASES_DIR:-tests/cases}
DATA_DIR=${TC_DATA_DIR:-tests/conformance/data}
BUILD=build/exec
RUNNER=tests/exec/runner.c

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# The sanitizer build prefetches on every launch (TC_PREFETCH_MIN_BYTES=0), the optimised one
# only on launches of 2 MiB or more (none here): both paths of the generated code run.
# -fno-var-tracking: gcc's var-tracking pass over the inlined runtime took 33 of the 39 s of CPU
# of the bias_gelu build (2.7 s without it); line numbers in sanitizer reports stay.
# -O0: every access of the source is instrumented (nothing optimised away), and the build costs
# a third to a fifth of -O1's (dot_matmul_1000x333x77: 1.5 s of CPU instead of 7.4 s) for runs
# under 2x slower (1.5 s instead of 0.9 s); the -O3 build checks the optimised code.
SAN_FLAGS="-std=c11 -g -fno-var-tracking -O0 -fopenmp -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -DTC_PREFETCH_MIN_BYTES=0"
# The optimised build streams its stores on every launch (TC_STREAM_MIN_BYTES=0).
OPT_FLAGS="-std=c11 -O3 -march=native -fopenmp -DTC_STREAM_MIN_BYTES=0"
CFGS="asan opt"
RUN=""
if [ "$TC_CROSS" = aarch64 ]; then
    # AArch64 from another host: the -O3 build only (NEON is in every AArch64 core; the
    # sanitizers do not run under qemu-user), run by qemu-aarch64 over the cross libc
    CC=${TC_CROSS_CC:-aarch64-linux-gnu-gcc}
    OPT_FLAGS="-std=c11 -O3 -fopenmp -DTC_STREAM_MIN_BYTES=0"
    CFGS="opt"
    RUN="qemu-aarch64"
    export QEMU_LD_PREFIX=${QEMU_LD_PREFIX:-/usr/aarch64-linux-gnu}
    BUILD=build/exec_aarch64
fi
PLAIN_FLAG=""
if [ "$TC_PLAIN" = 1 ]; then
    PLAIN_FLAG="--plain"
    BUILD=${BUILD}_plain
fi
INCLUDES=""
[ -d runtime ] && INCLUDES="-I$ROOT/runtime"

mkdir -p "$BUILD" || exit 2

# SLEEF, when it is installed, provides vectorised math functions to the generated code.
SLEEF_FLAGS=""
LIBS="-lm"
if printf '#include <sleef.h>\nint main(void){return (int)Sleef_expf_u10(0.0f) - 1;}\n' >"$BUILD/.sleef_probe.c" &&
    $CC "$BUILD/.sleef_probe.c" -o "$BUILD/.sleef_probe" -lsleef -lm >/dev/null 2>&1; then
    SLEEF_FLAGS="-DTC_HAVE_SLEEF"
    LIBS="-lsleef -lm"
fi
rm -f "$BUILD/.sleef_probe.c" "$BUILD/.sleef_probe"

# The runner is compiled once per configuration; the key of the binary cache covers it, the
# compiler and the runtime headers.
CACHE=$BUILD/.cache
mkdir -p "$CACHE" || exit 2
if [ "$TC_TARGET" = c ]; then
    for cfg in $CFGS; do
        if [ "$cfg" = asan ]; then flags=$SAN_FLAGS; else flags=$OPT_FLAGS; fi
        # shellcheck disable=SC2086
        if ! $CC $flags $SLEEF_FLAGS $INCLUDES $TC_CFLAGS -c "$RUNNER" -o "$BUILD/.runner_$cfg.o" \
            >"$BUILD/.runner_$cfg.log" 2>&1; then
            echo "FAIL runner ($cfg build does not compile)"; cat "$BUILD/.runner_$cfg.log"
            echo "0 passed, 1 failed"
            exit 1
        fi
    done
fi
TOOLS_KEY=$({ $CC --version; cat "$RUNNER" runtime/*.h 2>/dev/null; } | cksum)

if command -v timeout >/dev/null 2>&1; then
    TIMEOUT_CMD="timeout $TC_TIMEOUT"
else
    TIMEOUT_CMD=""
fi

trim() {
    local s=$1
    s=${s#"${s%%[![:space:]]*}"}
    s=${s%"${s##*[![:space:]]}"}
    printf '%s' "$s"
}

# C type and literal for a scalar argument of the given Triton type.
scalar_literal() { # type value
    local ty=$1 v=$2 cv
    case "$v" in
    inf | +inf | Infinity | +Infinity) cv="INFINITY" ;;
    -inf | -Infinity) cv="(-INFINITY)" ;;
    nan | NaN) cv="NAN" ;;
    *) cv="$v" ;;
    esac
    case "$ty" in
    i1) printf '(int8_t)(%s)' "$cv" ;;
    i8) printf '(int8_t)(%s)' "$cv" ;;
    i16) printf '(int16_t)(%s)' "$cv" ;;
    i32) printf '(int32_t)(%s)' "$cv" ;;
    i64) printf '(int64_t)INT64_C(%s)' "$cv" ;;
    u8) printf '(uint8_t)(%s)' "$cv" ;;
    u16) printf '(uint16_t)(%s)' "$cv" ;;
    u32) printf '(uint32_t)UINT32_C(%s)' "$cv" ;;
    u64) printf '(uint64_t)UINT64_C(%s)' "$cv" ;;
    fp32) printf '(float)(%s)' "$cv" ;;
    fp64) printf '(double)(%s)' "$cv" ;;
    # fp16 / bf16 scalars are passed as their bits: the value rounded to nearest even
    fp16) python3 -c 'import struct, sys; print("(uint16_t)0x%04x" % struct.unpack("<H", struct.pack("<e", float(sys.argv[1])))[0])' "$v" ;;
    bf16) python3 -c 'import struct, sys
b = struct.unpack("<I", struct.pack("<f", float(sys.argv[1])))[0]
print("(uint16_t)0x%04x" % ((b + 0x7fff + ((b >> 16) & 1)) >> 16))' "$v" ;;
    *) return 1 ;;
    esac
}

# Writes the result of one case to $BUILD/NAME.result: first line `PASS name` or
# `FAIL name (reason)`, then optional detail lines.
run_case() {
    local name=$1
    local casefile="$CASES_DIR/$name.case"
    local out="$BUILD/$name"
    local result="$BUILD/$name.result"
    local file="" kernel="" signature="" grid="" tol="" warps=4
    local -a args=()
    local line key value

    rm -rf "$out"
    mkdir -p "$out"
    fail() { # reason [log]
        {
            printf 'FAIL %s (%s)\n' "$name" "$1"
            if [ $# -ge 2 ] && [ -s "$2" ]; then
                head -n "$SHOW_LINES" "$2" | sed 's/^/    /'
            fi
        } >"$result"
    }

    while IFS= read -r line || [ -n "$line" ]; do
        line=$(trim "$line")
        case "$line" in "" | "#"*) continue ;; esac
        key=$(trim "${line%%:*}")
        value=$(trim "${line#*:}")
        case "$key" in
        file) file=$value ;;
        kernel) kernel=$value ;;
        signature) signature=$value ;;
        grid) grid=$value ;;
        tol) tol=$value ;;
        warps) warps=$value ;;
        arg) args+=("$value") ;;
        *) fail "bad case file: unknown key '$key'"; return ;;
        esac
    done <"$casefile"
    if [ -z "$file" ] || [ -z "$kernel" ] || [ -z "$signature" ] || [ -z "$grid" ]; then
        fail "bad case file: file, kernel, signature and grid are required"
        return
    fi
    local atol=0 rtol=0
    if [ -n "$tol" ]; then
        read -r atol rtol <<<"$tol"
        [ -n "$rtol" ] || { fail "bad case file: tol needs ATOL RTOL"; return; }
    fi
    if [ ! -d "$DATA_DIR/$name" ]; then
        fail "no recorded data in $DATA_DIR/$name"
        return
    fi

    # Pair the non-constexpr signature entries with the arg lines.
    local -a entries=()
    local e
    IFS=',' read -r -a entries <<<"$signature"
    local bufdefs="" callargs="" nbufs=0 argi=0 nargs=${#args[@]}
    for e in "${entries[@]}"; do
        e=$(trim "$e")
        local ty=${e%%:*}
        local aname ainit acount extra
        if [[ "$ty" == \** ]] || [[ "$ty" =~ ^(i1|u1|i8|i16|i32|i64|u8|u16|u32|u64|fp16|bf16|fp32|fp64)$ ]]; then
            if [ "$argi" -ge "$nargs" ]; then
                fail "bad case file: fewer arg lines than non-constexpr signature entries"
                return
            fi
            read -r aname ainit acount extra <<<"${args[$argi]}"
            argi=$((argi + 1))
            [ -n "$callargs" ] && callargs+=", "
            if [[ "$ty" == \** ]]; then
                local dt=${ty#\*}
                [ "$dt" = u1 ] && dt=i1
                if [ -z "$acount" ] || [ -n "$extra" ]; then
                    fail "bad case file: pointer arg '$aname' needs NAME INIT COUNT"
                    return
                fi
                bufdefs+="    {\"$aname\", \"$dt\", ${acount}LL},"$'\n'
                callargs+="bufs[$nbufs]"
                nbufs=$((nbufs + 1))
            else
                if [ -n "$acount" ]; then
                    fail "bad case file: scalar arg '$aname' needs NAME VALUE"
                    return
                fi
                local lit
                if ! lit=$(scalar_literal "$ty" "$ainit"); then
                    fail "unsupported scalar type $ty"
                    return
                fi
                callargs+="$lit"
            fi
        fi
    done
    if [ "$argi" -ne "$nargs" ]; then
        fail "bad case file: more arg lines than non-constexpr signature entries"
        return
    fi

    # Translate.
    if [ ! -x "$TRITONC" ] && ! command -v "$TRITONC" >/dev/null 2>&1; then
        fail "translator $TRITONC not found"
        return
    fi
    local trc=0
    "$TRITONC" "$file" -n "$kernel" -s "$signature" -g "$grid" -w "$warps" --target "$TC_TARGET" $PLAIN_FLAG -o "$out/$name" \
        >"$out/translate.log" 2>&1 || trc=$?
    if [ "$trc" -ge 128 ]; then
        fail "translator crashed (exit $trc)" "$out/translate.log"
        return
    elif [ "$trc" -ne 0 ]; then
        fail "translation failed" "$out/translate.log"
        return
    fi
    local ext=c
    [ "$TC_TARGET" = cuda ] && ext=cu
    if [ ! -f "$out/$name.$ext" ] || [ ! -f "$out/$name.h" ]; then
        fail "translator did not write $out/$name.$ext and $out/$name.h" "$out/translate.log"
        return
    fi
    if [ "$TC_TARGET" = cuda ]; then
        run_cuda_case
        return
    fi

    # Glue between the runner and the kernel's launcher.
    cat >"$out/glue.c" <<EOF
/* generated by tests/exec/run.sh for case $name */
#include <math.h>
#include <stdint.h>
#include "$name.h"

typedef struct {
    const char *name;
    const char *dtype;
    long long count;
} tc_buf;

const tc_buf tc_case_bufs[] = {
${bufdefs}    {0, 0, 0},
};
const int tc_case_nbufs = $nbufs;
const double tc_case_atol = $atol, tc_case_rtol = $rtol;

void tc_case_call(void **bufs) {
    (void)bufs;
    $kernel($callargs);
}
EOF

    # Build and run both configurations. A binary whose inputs (flags, glue, generated files,
    # compiler, runner) are those of a cached build is that build: tests/dot, dot_scaled,
    # blockptr and lang run the recorded cases against their own oracles before this suite does.
    local cfg flags bin rc key
    for cfg in $CFGS; do
        if [ "$cfg" = asan ]; then flags=$SAN_FLAGS; else flags=$OPT_FLAGS; fi
        bin="$out/${name}_$cfg"
        key=$({ echo "$TOOLS_KEY $cfg $flags $SLEEF_FLAGS $INCLUDES $TC_CFLAGS $LIBS"
                cat "$out/glue.c" "$out/$name.c" "$out/$name.h"; } | cksum)
        if [ -f "$CACHE/$name.$cfg.key" ] && [ "$(cat "$CACHE/$name.$cfg.key")" = "$key" ] &&
            cp "$CACHE/$name.$cfg" "$bin" 2>/dev/null; then
            echo "cached build ($key)" >"$out/build_$cfg.log"
        else
            # shellcheck disable=SC2086
            if ! $CC $flags $SLEEF_FLAGS $INCLUDES -I"$out" $TC_CFLAGS "$BUILD/.runner_$cfg.o" "$out/glue.c" \
                "$out/$name.c" -o "$bin" $LIBS >"$out/build_$cfg.log" 2>&1; then
                fail "compile failed, $cfg build" "$out/build_$cfg.log"
                return
            fi
            cp "$bin" "$CACHE/$name.$cfg" && echo "$key" >"$CACHE/$name.$cfg.key"
        fi
        $TIMEOUT_CMD $RUN "$bin" "$DATA_DIR/$name" >"$out/run_$cfg.log" 2>&1
        rc=$?
        case $rc in
        0) ;;
        1) fail "mismatch, $cfg build" "$out/run_$cfg.log"; return ;;
        2) fail "bad data, $cfg build" "$out/run_$cfg.log"; return ;;
        124) fail "timed out after ${TC_TIMEOUT}s, $cfg build" "$out/run_$cfg.log"; return ;;
        *) fail "crashed (exit $rc), $cfg build" "$out/run_$cfg.log"; return ;;
        esac
    done
    printf 'PASS %s\n' "$name" >"$result"
}

# CUDA: the same runner, with glue that copies every buffer to the GPU (each allocation exactly
# the tensor's size, so compute-sanitizer sees any out-of-bounds access), launches on the
# default stream and copies the buffers back.
run_cuda_case() {
    cat >"$out/glue.cu" <<EOF
/* generated by tests/exec/run.sh for case $name (CUDA) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "$name.h"

typedef struct { const char *name, *dtype; long long count; } tc_buf;
extern "C" const tc_buf tc_case_bufs[] = {
${bufdefs}    {0, 0, 0},
};
extern "C" const int tc_case_nbufs = $nbufs;
extern "C" const double tc_case_atol = $atol, tc_case_rtol = $rtol;

/* a device buffer that converts to the launcher's typed pointer */
struct dev_ptr {
    void *p;
    template <class T> operator T *() const { return (T *)p; }
};
static size_t elem_size(const char *t) {
    if (!strcmp(t, "i1") || !strcmp(t, "i8") || !strcmp(t, "u8") || !strncmp(t, "fp8", 3)) return 1;
    if (!strcmp(t, "i16") || !strcmp(t, "u16") || !strcmp(t, "fp16") || !strcmp(t, "bf16")) return 2;
    if (!strcmp(t, "i64") || !strcmp(t, "u64") || !strcmp(t, "fp64")) return 8;
    return 4;
}
static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e)); exit(3); }
}

extern "C" void tc_case_call(void **host) {
    dev_ptr bufs[64] = {};
    for (int i = 0; i < tc_case_nbufs; i++) {
        size_t n = (size_t)tc_case_bufs[i].count * elem_size(tc_case_bufs[i].dtype);
        check(cudaMalloc(&bufs[i].p, n ? n : 1), "cudaMalloc");
        check(cudaMemcpy(bufs[i].p, host[i], n, cudaMemcpyHostToDevice), "copy in");
    }
    check($kernel(0, $callargs), "launch");
    check(cudaDeviceSynchronize(), "kernel");
    for (int i = 0; i < tc_case_nbufs; i++) {
        size_t n = (size_t)tc_case_bufs[i].count * elem_size(tc_case_bufs[i].dtype);
        check(cudaMemcpy(host[i], bufs[i].p, n, cudaMemcpyDeviceToHost), "copy out");
        check(cudaFree(bufs[i].p), "cudaFree");
    }
}
EOF
    local bin="$out/${name}_cuda"
    # shellcheck disable=SC2086
    if ! $NVCC -O3 -arch="$TC_CUDA_ARCH" -I"$out" $TC_CFLAGS "$RUNNER" "$out/glue.cu" "$out/$name.cu" \
        -o "$bin" >"$out/build_cuda.log" 2>&1; then
        fail "compile failed, nvcc" "$out/build_cuda.log"
        return
    fi
    local cfg rc
    local -a cfgs=(plain)
    [ "$TC_SANITIZE" = 1 ] && cfgs+=(memcheck racecheck)
    for cfg in "${cfgs[@]}"; do
        if [ "$cfg" = plain ]; then
            $TIMEOUT_CMD "$bin" "$DATA_DIR/$name" >"$out/run_$cfg.log" 2>&1
        else
            $TIMEOUT_CMD compute-sanitizer --tool "$cfg" --error-exitcode 9 "$bin" "$DATA_DIR/$name" \
                >"$out/run_$cfg.log" 2>&1
        fi
        rc=$?
        case $rc in
        0) ;;
        1) fail "mismatch, $cfg" "$out/run_$cfg.log"; return ;;
        9) fail "compute-sanitizer $cfg reported errors" "$out/run_$cfg.log"; return ;;
        *) fail "failed (exit $rc), $cfg" "$out/run_$cfg.log"; return ;;
        esac
    done
    printf 'PASS %s\n' "$name" >"$result"
}

# Select cases.
names=()
for f in "$CASES_DIR"/*.case; do
    [ -e "$f" ] || continue
    n=$(basename "$f" .case)
    if [ $# -eq 0 ]; then
        names+=("$n")
    else
        for pat in "$@"; do
            # shellcheck disable=SC2254
            case "$n" in $pat) names+=("$n"); break ;; esac
        done
    fi
done
if [ ${#names[@]} -eq 0 ]; then
    echo "no cases match: $*" >&2
    exit 2
fi

passed=0
failed=0
report() {
    local r="$BUILD/$1.result"
    if [ -f "$r" ] && head -n 1 "$r" | grep -q '^PASS '; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        [ -f "$r" ] || printf 'FAIL %s (runner script error)\n' "$1" >"$r"
    fi
    cat "$r"
}

if [ "$TC_JOBS" -le 1 ] 2>/dev/null; then
    for n in "${names[@]}"; do
        run_case "$n"
        report "$n"
    done
else
    running=0
    for n in "${names[@]}"; do
        rm -f "$BUILD/$n.result"
        run_case "$n" &
        running=$((running + 1))
        if [ "$running" -ge "$TC_JOBS" ]; then
            wait -n 2>/dev/null || wait
            running=$((running - 1))
        fi
    done
    wait
    for n in "${names[@]}"; do
        report "$n"
    done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
