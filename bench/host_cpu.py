#!/usr/bin/env python3
"""The bench kernels' C output on a big CPU, against torch, in one run.

    python3 bench/host_cpu.py [--threads 16] [--only stream,matmul,attention] [--quick]

Translates the bench kernels with tritonc (TRITONC, default bin/tritonc-static, else
bin/tritonc), builds each with the system cc (-O3 -march=native -fopenmp, plus $HOST_CPU_CFLAGS) into a shared
library, and times its grid launcher through ctypes on torch CPU tensors.  Every result is
checked against torch before it is timed; a row that fails (translation, build, a wrong
result, an exception) prints why and the others still run.  Best of REPS after a warm-up
(fewer when a row's repetitions pass --budget seconds); a tl.dot row times --rounds such series
per side, alternating tritonc and torch, so that a slow spell of a shared host hits both.
--thp puts the matmul operands in memory advised for transparent huge pages (both sides use the
same tensors): the tiles' rows then stop costing a TLB miss each.
--mm-cflags 'LABEL=FLAGS;...' builds the fp32 matmul again with more C flags, timed as rows of
their own beside the default one in the same call (e.g. 'nopanel=-DTC_F32_PANEL_BYTES=0': its K
loop without the fp32 panel of runtime section f32pack).

stream: the memory-bound kernels against torch eager and torch.compile (Inductor's C++
backend).  Eager writes into the preallocated output where torch has an out= form (add,
softmax, row sum), so that allocation and first-touch page faults are not timed; layer norm
and bias+GELU allocate their output per call as users call them.  GB/s counts the fewest
bytes each computation must move (inputs read once, outputs written once).

matmul: examples/matmul.py (tl.dot, grouped program order, 128x128x32 tiles) on fp32 square
matrices against torch.mm(a, b, out=c) (MKL / oneDNN), at --threads and at one thread; bf16
rows: the same kernel on bf16 A, B and C (fp32 accumulator; the store rounds to bf16) against
torch.mm in bf16 (oneDNN, on AMX where the CPU has it), at 128x128x32 and the --bf16-tiles.
attention: examples/flash_attention.py (online softmax, two tl.dot per key block, 128x64
blocks), fp32, non-causal and causal, against F.scaled_dot_product_attention (torch's CPU
flash kernel; it allocates its output).  GFLOP/s counts 2 M N K per product; attention
4 n^2 d per head, half when causal.  Not a test: it prints tables and ratios.
"""
import argparse
import ctypes
import os
import subprocess
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

ap = argparse.ArgumentParser()
ap.add_argument("--threads", type=int, default=int(os.environ.get("OMP_NUM_THREADS", "16")))
ap.add_argument("--out", default="build/host_cpu")
ap.add_argument("--reps", type=int, default=10)
ap.add_argument("--budget", type=float, default=3.0, help="seconds of repetitions per measurement, at most")
ap.add_argument("--no-compile", action="store_true", help="skip torch.compile")
ap.add_argument("--only", default="stream,matmul,attention", help="tables or stream rows, comma-separated")
ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run on a small machine)")
ap.add_argument("--mm-tiles", default="", help="more matmul tiles to compare, 'BM,BN,BK,GROUP;...' (table mmtiles)")
ap.add_argument("--mm-dtypes", default="fp32,bf16", help="matmul rows: fp32, bf16 or both")
ap.add_argument("--bf16-tiles", default="", help="more bf16 matmul tiles, 'BM,BN,BK,GROUP;...'")
ap.add_argument("--thp", action="store_true",
                help="matmul operands in memory advised for transparent huge pages (madvise), both sides")
ap.add_argument("--rounds", type=int, default=2,
                help="tl.dot rows: timed series per side, alternating tritonc and torch; the best counts")
ap.add_argument("--mm-scaling", default="", help="thread counts for a 2048^3 matmul scaling table, '1,2,4,8,16'")
ap.add_argument("--mm-cflags", default="",
                help="the fp32 matmul again built with more C flags, a row each beside the default: "
                     "'LABEL=FLAGS;...', e.g. 'nopanel=-DTC_F32_PANEL_BYTES=0'")
opt = ap.parse_args()
os.environ["OMP_NUM_THREADS"] = str(opt.threads)  # before libgomp is loaded by anyone

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

torch.set_num_threads(opt.threads)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = os.environ.get("TRITONC") or next(
    p for p in (os.path.join(ROOT, "bin", "tritonc-static"), os.path.join(ROOT, "bin", "tritonc")) if os.path.exists(p))
CC = os.environ.get("CC", "cc")
os.makedirs(opt.out, exist_ok=True)
ONLY = set(opt.only.split(","))

N = 1 << (20 if opt.quick else 26)
ROWS, COLS = (1024 if opt.quick else 16384), 1024
MM_SIZES = [256, 512] if opt.quick else [1024, 2048, 4096]
MM_SIZES_1 = [256] if opt.quick else [1024, 2048]  # one thread
# attention (batch, heads, sequence, head dim) at --threads and at one thread
ATT = (1, 2, 256, 64) if opt.quick else (2, 16, 2048, 64)
ATT_1 = (1, 1, 256, 64) if opt.quick else (1, 4, 2048, 64)
MM_TILE = (128, 128, 32, 8)  # BLOCK_M, BLOCK_N, BLOCK_K, GROUP_SIZE_M as `make bench` uses
ATT_BLOCK = (128, 64)  # BLOCK_M, BLOCK_N
I32, P, F32 = ctypes.c_int32, ctypes.c_void_p, ctypes.c_float
MMSIG_T = "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, %d, %d, %d, %d, False"
MMSIG = MMSIG_T % MM_TILE
MMSIG_BF16_T = MMSIG_T.replace("*fp32", "*bf16")
BF16_TILES = [MM_TILE] + [tuple(int(v) for v in t.split(",")) for t in opt.bf16_tiles.split(";") if t]
MM_TILES = [tuple(int(v) for v in t.split(",")) for t in opt.mm_tiles.split(";") if t]
MM_SCALING = [int(v) for v in opt.mm_scaling.split(",") if v]
MM_CFLAGS = [tuple(v.split("=", 1)) for v in opt.mm_cflags.split(";") if v]
ATTSIG = "*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32:16, i32:16, fp32, 64, %d, %d, %%s" % ATT_BLOCK

# name, file, kernel, signature, launcher argtypes after the grid
KERNELS = [
    ("add", "examples/add.py", "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, 1024", [P, P, P, I32]),
    ("add_fp16", "examples/add.py", "add_kernel", "*fp16:16, *fp16:16, *fp16:16, i32, 1024", [P, P, P, I32]),
    ("softmax", "examples/softmax.py", "softmax_kernel", "*fp32:16, *fp32:16, i32, i32, i32, i32, 1024",
     [P, P, I32, I32, I32, I32]),
    ("layernorm", "examples/layernorm.py", "_layer_norm_fwd_fused",
     "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024",
     [P, P, P, P, P, P, I32, I32, F32]),
    ("bias_gelu", "examples/bias_gelu.py", "bias_gelu_kernel",
     "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 8, 1024", [P, P, P, I32, I32, I32, I32]),
    ("gelu_fp16", "examples/bias_gelu.py", "bias_gelu_kernel",
     "*fp16:16, *fp32:16, *fp16:16, i32, i32, i32, i32, 8, 1024", [P, P, P, I32, I32, I32, I32]),
    ("silu_i64", "tests/conformance/kernels/int64_offsets.py", "silu64_kernel", "*fp32:16, *fp32:16, i32, 1024",
     [P, P, I32]),
    ("row_sum", "examples/reductions.py", "row_sum_kernel", "*fp32:16, *fp32:16, i32, i32, i32, 4, 1024",
     [P, P, I32, I32, I32]),
    ("matmul", "examples/matmul.py", "matmul_kernel", MMSIG, [P, P, P] + [I32] * 6),
    ("attn", "examples/flash_attention.py", "attn_fwd_kernel", ATTSIG % "False", [P, P, P, P, I32, I32, I32, F32]),
    ("attn_causal", "examples/flash_attention.py", "attn_fwd_kernel", ATTSIG % "True",
     [P, P, P, P, I32, I32, I32, F32]),
]
STREAM = [k[0] for k in KERNELS[:8]]
KERNELS += [("matmul_%dx%dx%dg%d" % t, "examples/matmul.py", "matmul_kernel", MMSIG_T % t, [P, P, P] + [I32] * 6)
            for t in MM_TILES]
KERNELS += [("matmul_bf16_%dx%dx%dg%d" % t, "examples/matmul.py", "matmul_kernel", MMSIG_BF16_T % t,
             [P, P, P] + [I32] * 6) for t in BF16_TILES]
KERNELS += [("matmul@" + label, "examples/matmul.py", "matmul_kernel", MMSIG, [P, P, P] + [I32] * 6, flags)
            for label, flags in MM_CFLAGS]


def build(name, path, kernel, sig, argtypes, cflags=""):
    """The launcher of one translated kernel, or the reason it could not be had (a string);
    cflags: more C flags for this build (--mm-cflags)."""
    c = os.path.join(opt.out, name)
    so = c + ".so"
    steps = [[T, os.path.join(ROOT, path), "-n", kernel, "-s", sig, "-o", c],
             [CC, "-std=c11", "-O3", "-march=native", "-fopenmp", "-shared", "-fPIC", c + ".c", "-o", so, "-lm"]
             + os.environ.get("HOST_CPU_CFLAGS", "").split() + cflags.split()]
    for cmd in steps:
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return f"{os.path.basename(cmd[0])} failed ({r.returncode}): {(r.stderr or r.stdout).strip()[-300:]}"
    lib = ctypes.CDLL(so)
    fn = getattr(lib, kernel + "_grid")
    fn.argtypes = [I32, I32, I32] + argtypes
    fn.restype = None
    fn.lib = lib
    return fn


def wanted(name, table):
    return name in ONLY or table in ONLY


def best(f, reps=None):
    """The best time of up to reps runs after a warm-up; fewer (at least 2) past --budget seconds.
    The pause first lets the other side's OpenMP workers (torch's and the kernels' runtimes are
    two libgomp copies) finish spin-waiting after their last region and sleep: spinning, they
    would take cores from the runs timed here."""
    time.sleep(0.3)
    f()
    b, spent = float("inf"), 0.0
    for i in range(reps or opt.reps):
        t = time.perf_counter()
        f()
        t = time.perf_counter() - t
        b, spent = min(b, t), spent + t
        if i >= 1 and spent > opt.budget:
            break
    return b


LIBC = ctypes.CDLL(None)
HUGE = 1 << 21


def mat(rows, cols, g=None):
    """A fp32 matrix (randn when g is given). With --thp its memory is advised for transparent
    huge pages before the first touch: a 2048^2 operand then spans 8 pages instead of 4096, so a
    tile's rows (one 4 KiB page each) stop missing the TLB."""
    if not opt.thp:
        return torch.randn(rows, cols, generator=g) if g else torch.empty(rows, cols)
    n = rows * cols
    buf = torch.empty(n + HUGE // 4)
    off = (-buf.data_ptr()) % HUGE // 4
    t = buf[off:off + n].view(rows, cols)
    LIBC.madvise(ctypes.c_void_p(t.data_ptr()), ctypes.c_size_t(n * 4 // HUGE * HUGE), 14)  # MADV_HUGEPAGE
    if g:
        t.copy_(torch.randn(rows, cols, generator=g))
    return t


def huge_kib():
    try:
        with open("/proc/self/smaps_rollup") as f:
            return next(int(l.split()[1]) for l in f if l.startswith("AnonHugePages"))
    except (OSError, StopIteration):
        return -1


def ptr(t):
    return ctypes.c_void_p(t.data_ptr())


def guarded(name, fn):
    """Runs one row; an exception prints the row's name and why, and the table goes on."""
    try:
        fn()
    except Exception as e:  # one row's failure must not end the run
        print(f"{name:<28} ERROR: {type(e).__name__}: {str(e)[:300]}")
        if os.environ.get("HOST_CPU_TRACE"):
            traceback.print_exc()
    sys.stdout.flush()


def launcher(k, name):
    fn = k.get(name)
    if isinstance(fn, str):
        raise RuntimeError(fn)
    return fn


def set_threads(k, n):
    """n threads for torch and for the kernels' OpenMP grid (libgomp's omp_set_num_threads, found
    through a kernel library that links it: torch may carry its own OpenMP runtime)."""
    torch.set_num_threads(n)
    for fn in k.values():
        if not isinstance(fn, str):
            fn.lib.omp_set_num_threads(ctypes.c_int(n))
            return fn.lib.omp_get_max_threads()
    return None


def stream_table(k):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(N, generator=g)
    y = torch.randn(N, generator=g)
    o = torch.empty(N)
    xh, yh, oh = x.half(), y.half(), torch.empty(N, dtype=torch.float16)
    X = torch.randn(ROWS, COLS, generator=g)
    O = torch.empty(ROWS, COLS)
    w, b = torch.randn(COLS, generator=g), torch.randn(COLS, generator=g)
    mean, rstd, rs = torch.empty(ROWS), torch.empty(ROWS), torch.empty(ROWS)
    Xh, Oh = X.half(), torch.empty(ROWS, COLS, dtype=torch.float16)
    L = lambda n: launcher(k, n)  # noqa: E731

    rows = [
        ("add", 12 * N,
         lambda: L("add")((N + 1023) // 1024, 1, 1, ptr(x), ptr(y), ptr(o), N), lambda: o,
         lambda a, c: torch.add(a, c, out=o), (x, y), torch.add),
        ("add_fp16", 6 * N,
         lambda: L("add_fp16")((N + 1023) // 1024, 1, 1, ptr(xh), ptr(yh), ptr(oh), N), lambda: oh,
         lambda a, c: torch.add(a, c, out=oh), (xh, yh), torch.add),
        ("softmax", 8 * ROWS * COLS,
         lambda: L("softmax")(ROWS, 1, 1, ptr(O), ptr(X), COLS, COLS, ROWS, COLS), lambda: O,
         lambda a: torch.ops.aten._softmax.out(a, -1, False, out=O), (X,),
         lambda a: torch.softmax(a, -1)),
        ("layernorm", 8 * ROWS * COLS,
         lambda: L("layernorm")(ROWS, 1, 1, ptr(X), ptr(O), ptr(w), ptr(b), ptr(mean), ptr(rstd), COLS, COLS,
                                1e-5), lambda: O,
         lambda a, ww, bb: F.layer_norm(a, (COLS,), ww, bb, 1e-5), (X, w, b), None),
        ("bias_gelu", 8 * ROWS * COLS,
         lambda: L("bias_gelu")((ROWS + 7) // 8, (COLS + 1023) // 1024, 1, ptr(X), ptr(b), ptr(O), ROWS, COLS, COLS,
                                COLS), lambda: O,
         lambda a, bb: F.gelu(a + bb), (X, b), None),
        # fp16 in and out, fp32 bias and math (the kernel upcasts): 2 + 2 bytes an element
        ("gelu_fp16", 4 * ROWS * COLS,
         lambda: L("gelu_fp16")((ROWS + 7) // 8, (COLS + 1023) // 1024, 1, ptr(Xh), ptr(b), ptr(Oh), ROWS, COLS,
                                COLS, COLS), lambda: Oh,
         lambda a, bb: F.gelu(a.float() + bb).half(), (Xh, b), None),
        # int64 offsets (pid.to(tl.int64) * BLOCK + tl.arange): SiLU over N elements
        ("silu_i64", 8 * N,
         lambda: L("silu_i64")((N + 1023) // 1024, 1, 1, ptr(x), ptr(o), N), lambda: o,
         lambda a: torch.nn.functional.silu(a), (x,), None),
        ("row_sum", 4 * ROWS * COLS,
         lambda: L("row_sum")((ROWS + 3) // 4, 1, 1, ptr(X), ptr(rs), ROWS, COLS, COLS), lambda: rs,
         lambda a: torch.sum(a, 1, out=rs), (X,), lambda a: a.sum(1)),
    ]
    print(f"\n# stream: {opt.threads} threads, {N} elements or {ROWS} x {COLS}; GB/s, best of {opt.reps}")
    print(f"{'kernel':<16} {'tritonc':>9} {'eager':>9} {'compile':>9} {'t/eager':>8} {'t/compile':>9}")
    for name, nbytes, run, result, ref, args, plain in rows:
        if wanted(name, "stream"):
            guarded(name, lambda: stream_row(name, nbytes, run, result, ref, args, plain or ref))


def stream_row(name, nbytes, run, result, ref, args, plain):
    run()
    got = result().clone()
    expect = plain(*args)
    tol = 2e-2 if got.dtype == torch.float16 else 1e-4
    if not torch.allclose(got.float(), expect.float(), atol=tol, rtol=tol):
        print(f"{name:<16} WRONG: max abs diff {(got.float() - expect.float()).abs().max().item()}")
        return
    tt = best(run)
    te = best(lambda: ref(*args))
    tc = float("nan")
    if not opt.no_compile:
        try:
            cf = torch.compile(plain)
            cf(*args)
            tc = best(lambda: cf(*args))
        except Exception as e:  # Inductor's C++ backend needs a working g++
            print(f"# torch.compile failed for {name}: {type(e).__name__}: {str(e)[:200]}")
    gt, ge, gc = nbytes / tt / 1e9, nbytes / te / 1e9, nbytes / tc / 1e9
    print(f"{name:<16} {gt:9.1f} {ge:9.1f} {gc:9.1f} {gt / ge:8.2f} {gt / gc:9.2f}")


def dot_header(title, threads, omp):
    print(f"\n# {title}: {threads} thread{'s' if threads > 1 else ''} (the kernels' OpenMP: {omp}, torch: "
          f"{torch.get_num_threads()}); GFLOP/s, best of {opt.rounds} x {opt.reps} (fewer past {opt.budget:g} s)"
          + ("; operands in transparent huge pages" if opt.thp else ""))
    print(f"{'kernel':<28} {'tritonc':>9} {'torch':>9} {'t/torch':>8} {'max|diff|':>10}")


def dot_row(name, flops, run, got, ref, tol):
    """Checks the kernel's result against torch's, then times both."""
    got.fill_(float("nan"))  # every element must be written
    run()
    expect = ref()
    diff = (got - expect).abs().max().item()
    if not diff <= tol:  # NaN fails too
        print(f"{name:<28} WRONG: max |diff| {diff:.3g} against torch (tolerance {tol:.3g})")
        return
    tt, tr = float("inf"), float("inf")
    for _ in range(opt.rounds):  # alternating series: a slow spell of a shared host hits both
        tt, tr = min(tt, best(run)), min(tr, best(ref))
    gt, gr = flops / tt / 1e9, flops / tr / 1e9
    print(f"{name:<28} {gt:9.1f} {gr:9.1f} {gt / gr:8.2f} {diff:10.2e}")


def matmul_row(k, n, name="matmul", tile=MM_TILE, label=None):
    g = torch.Generator().manual_seed(n)
    a, b = mat(n, n, g), mat(n, n, g)
    c, cr = mat(n, n), mat(n, n)
    bm, bn = tile[:2]
    grid = ((n + bm - 1) // bm) * ((n + bn - 1) // bn)
    fn = launcher(k, name)
    run = lambda: fn(grid, 1, 1, ptr(a), ptr(b), ptr(c), n, n, n, n, n, n)  # noqa: E731
    ref = lambda: torch.mm(a, b, out=cr)  # noqa: E731
    # entries are sums of n products of unit normals (about sqrt(n)); fp32 rounding in another
    # order differs by far less than one product left out or doubled would make it
    tol = 3e-5 * ref().abs().max().item()
    if opt.thp and huge_kib() < n * n * 4 // 1024:
        print(f"# matmul {n}: only {huge_kib()} KiB of the operands are in huge pages")
    dot_row(label or f"matmul_fp32 {n}", 2.0 * n ** 3, run, c, ref, tol)


def matmul_bf16_row(k, n, tile):
    g = torch.Generator().manual_seed(n)
    a, b = mat(n, n, g).bfloat16(), mat(n, n, g).bfloat16()
    c, cr = mat(n, n).bfloat16(), mat(n, n).bfloat16()
    bm, bn = tile[:2]
    grid = ((n + bm - 1) // bm) * ((n + bn - 1) // bn)
    name = "matmul_bf16_%dx%dx%dg%d" % tile
    fn = launcher(k, name)
    run = lambda: fn(grid, 1, 1, ptr(a), ptr(b), ptr(c), n, n, n, n, n, n)  # noqa: E731
    ref = lambda: torch.mm(a, b, out=cr)  # noqa: E731
    # both sum in fp32 and round once to bf16 (8 bits): results differ by about one unit there
    tol = 2 ** -7 * ref().abs().max().item()
    label = f"matmul_bf16 {n}" + ("" if tile == MM_TILE else " %dx%dx%d" % tile[:3])
    dot_row(label, 2.0 * n ** 3, run, c, ref, tol)


def probe_tables(k):
    """Which tile the C target prefers on this CPU, and how the example scales with threads."""
    if MM_TILES:
        for threads in (opt.threads, 1):
            set_threads(k, threads)
            dot_header("matmul tiles", threads, threads)
            for t in [MM_TILE] + MM_TILES:
                name = "matmul" if t == MM_TILE else "matmul_%dx%dx%dg%d" % t
                for n in ([2048] if threads == 1 else MM_SIZES):
                    guarded(name, lambda: matmul_row(k, n, name, t, "%s %d" % ("x".join(map(str, t)), n)))
    for threads in MM_SCALING:
        omp = set_threads(k, threads)
        dot_header("matmul scaling 2048", threads, omp)
        guarded("scaling", lambda: matmul_row(k, 2048, label=f"matmul_fp32 2048 t{threads}"))
    set_threads(k, opt.threads)


def sdpa(q, kk, v, causal):
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, kk, v, is_causal=causal)
    # torch < 2.0 (a smoke run on an old torch): the same product, written out
    s = (q @ kk.transpose(-1, -2)) * q.shape[-1] ** -0.5
    if causal:
        n = q.shape[-2]
        s = s.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
    return torch.softmax(s, -1) @ v


def attention_name(shape, causal):
    return f"attn_fp32{' causal' if causal else ''} {'x'.join(map(str, shape))}"


def attention_row(k, shape, causal):
    z, h, n, d = shape
    g = torch.Generator().manual_seed(n + causal)
    q, kk, v = (torch.randn(z, h, n, d, generator=g) for _ in range(3))
    o = torch.empty(z, h, n, d)
    fn = launcher(k, "attn_causal" if causal else "attn")
    grid = ((n + ATT_BLOCK[0] - 1) // ATT_BLOCK[0], z * h, 1)
    run = lambda: fn(*grid, ptr(q), ptr(kk), ptr(v), ptr(o), n, n * d, d, d ** -0.5)  # noqa: E731
    ref = lambda: sdpa(q, kk, v, causal)  # noqa: E731
    flops = 4.0 * z * h * n * n * d / (2 if causal else 1)
    dot_row(attention_name(shape, causal), flops, run, o, ref, 1e-4)  # outputs are weighted means of unit normals


def dot_tables(k):
    for threads, sizes, att in ((opt.threads, MM_SIZES, ATT), (1, MM_SIZES_1, ATT_1)):
        omp = set_threads(k, threads)
        dot_header("tl.dot", threads, omp)
        if "matmul" in ONLY:
            for n in sizes if "fp32" in opt.mm_dtypes else []:
                guarded(f"matmul_fp32 {n}", lambda: matmul_row(k, n))
                for label, _ in MM_CFLAGS:
                    guarded(f"matmul_fp32 {n} {label}",
                            lambda: matmul_row(k, n, "matmul@" + label, label=f"matmul_fp32 {n} {label}"))
            for n in sizes if "bf16" in opt.mm_dtypes else []:
                for t in BF16_TILES:
                    guarded(f"matmul_bf16 {n}", lambda: matmul_bf16_row(k, n, t))
        if "attention" in ONLY:
            for causal in (False, True):
                guarded(attention_name(att, causal), lambda: attention_row(k, att, causal))
    set_threads(k, opt.threads)


def main():
    t0 = time.time()
    need = [kn for kn in KERNELS if wanted(kn[0], "stream" if kn[0] in STREAM else "")
            or (kn[0].startswith("matmul") and ("matmul" in ONLY or MM_TILES or MM_SCALING)) or (kn[0].startswith("attn") and "attention" in ONLY)]
    with ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as pool:
        built = list(pool.map(lambda kn: build(*kn), need))
    k = {kn[0]: fn for kn, fn in zip(need, built)}
    for name, fn in k.items():
        if isinstance(fn, str):
            print(f"# {name}: not built: {fn}")
    print(f"# torch {torch.__version__}, {os.cpu_count()} CPUs, built in {time.time() - t0:.0f} s")
    if any(wanted(n, "stream") for n in STREAM):
        guarded("stream", lambda: stream_table(k))
    if "matmul" in ONLY or "attention" in ONLY:
        guarded("tl.dot", lambda: dot_tables(k))
    if MM_TILES or MM_SCALING:
        guarded("probe", lambda: probe_tables(k))
    print(f"# done in {time.time() - t0:.0f} s")


main()
