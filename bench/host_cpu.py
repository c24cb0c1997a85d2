#!/usr/bin/env python3
"""The bench kernels' C output on a big CPU, against torch eager and torch.compile, in one run.

    OMP_NUM_THREADS=16 python3 bench/host_cpu.py [--threads 16] [--out DIR]

Translates the bench kernels with tritonc (TRITONC, default bin/tritonc-static, else
bin/tritonc), builds each with the system cc (-O3 -march=native -fopenmp) into a shared
library, and times its grid launcher through ctypes on torch CPU tensors; then times the same
computation in torch eager and under torch.compile (Inductor's C++ backend), on the same
tensors, best of REPS after a warm-up.  Every result is checked against torch eager before it
is timed.  Eager writes into the preallocated output where torch has an out= form (add,
softmax, row sum), so that allocation and first-touch page faults are not timed; layer norm
and bias+GELU allocate their output per call as users call them.  GB/s counts the fewest bytes each computation must move (inputs read once, outputs
written once).  Not a test: it prints a table and the ratios.
"""
import argparse
import ctypes
import os
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("--threads", type=int, default=int(os.environ.get("OMP_NUM_THREADS", "16")))
ap.add_argument("--out", default="build/host_cpu")
ap.add_argument("--reps", type=int, default=10)
ap.add_argument("--no-compile", action="store_true", help="skip torch.compile")
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

N = 1 << 26
ROWS, COLS = 16384, 1024
I32, P = ctypes.c_int32, ctypes.c_void_p

# name, file, kernel, signature, launcher argtypes after the grid
KERNELS = [
    ("add", "examples/add.py", "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, 1024", [P, P, P, I32]),
    ("add_fp16", "examples/add.py", "add_kernel", "*fp16:16, *fp16:16, *fp16:16, i32, 1024", [P, P, P, I32]),
    ("softmax", "examples/softmax.py", "softmax_kernel", "*fp32:16, *fp32:16, i32, i32, i32, i32, 1024",
     [P, P, I32, I32, I32, I32]),
    ("layernorm", "examples/layernorm.py", "_layer_norm_fwd_fused",
     "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024",
     [P, P, P, P, P, P, I32, I32, ctypes.c_float]),
    ("bias_gelu", "examples/bias_gelu.py", "bias_gelu_kernel",
     "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 8, 1024", [P, P, P, I32, I32, I32, I32]),
    ("gelu_fp16", "examples/bias_gelu.py", "bias_gelu_kernel",
     "*fp16:16, *fp32:16, *fp16:16, i32, i32, i32, i32, 8, 1024", [P, P, P, I32, I32, I32, I32]),
    ("silu_i64", "tests/conformance/kernels/int64_offsets.py", "silu64_kernel", "*fp32:16, *fp32:16, i32, 1024",
     [P, P, I32]),
    ("row_sum", "examples/reductions.py", "row_sum_kernel", "*fp32:16, *fp32:16, i32, i32, i32, 4, 1024",
     [P, P, I32, I32, I32]),
]


def build(name, path, kernel, sig, argtypes):
    c = os.path.join(opt.out, name)
    subprocess.run([T, os.path.join(ROOT, path), "-n", kernel, "-s", sig, "-o", c], check=True)
    so = c + ".so"
    subprocess.run([CC, "-std=c11", "-O3", "-march=native", "-fopenmp", "-shared", "-fPIC", c + ".c", "-o", so,
                    "-lm"], check=True)
    fn = getattr(ctypes.CDLL(so), kernel + "_grid")
    fn.argtypes = [I32, I32, I32] + argtypes
    fn.restype = None
    return fn


def best(f, reps):
    f()
    b = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        f()
        b = min(b, time.perf_counter() - t)
    return b


def ptr(t):
    return ctypes.c_void_p(t.data_ptr())


def main():
    k = {n: build(n, *rest) for n, *rest in KERNELS}
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

    rows = [
        ("add", 12 * N,
         lambda: k["add"]((N + 1023) // 1024, 1, 1, ptr(x), ptr(y), ptr(o), N), lambda: o,
         lambda a, c: torch.add(a, c, out=o), (x, y), torch.add),
        ("add_fp16", 6 * N,
         lambda: k["add_fp16"]((N + 1023) // 1024, 1, 1, ptr(xh), ptr(yh), ptr(oh), N), lambda: oh,
         lambda a, c: torch.add(a, c, out=oh), (xh, yh), torch.add),
        ("softmax", 8 * ROWS * COLS,
         lambda: k["softmax"](ROWS, 1, 1, ptr(O), ptr(X), COLS, COLS, ROWS, COLS), lambda: O,
         lambda a: torch.ops.aten._softmax.out(a, -1, False, out=O), (X,),
         lambda a: torch.softmax(a, -1)),
        ("layernorm", 8 * ROWS * COLS,
         lambda: k["layernorm"](ROWS, 1, 1, ptr(X), ptr(O), ptr(w), ptr(b), ptr(mean), ptr(rstd), COLS, COLS,
                                1e-5), lambda: O,
         lambda a, ww, bb: F.layer_norm(a, (COLS,), ww, bb, 1e-5), (X, w, b), None),
        ("bias_gelu", 8 * ROWS * COLS,
         lambda: k["bias_gelu"]((ROWS + 7) // 8, (COLS + 1023) // 1024, 1, ptr(X), ptr(b), ptr(O), ROWS, COLS, COLS,
                                COLS), lambda: O,
         lambda a, bb: F.gelu(a + bb), (X, b), None),
        # fp16 in and out, fp32 bias and math (the kernel upcasts): 2 + 2 bytes an element
        ("gelu_fp16", 4 * ROWS * COLS,
         lambda: k["gelu_fp16"]((ROWS + 7) // 8, (COLS + 1023) // 1024, 1, ptr(Xh), ptr(b), ptr(Oh), ROWS, COLS,
                                COLS, COLS), lambda: Oh,
         lambda a, bb: F.gelu(a.float() + bb).half(), (Xh, b), None),
        # int64 offsets (pid.to(tl.int64) * BLOCK + tl.arange): SiLU over N elements
        ("silu_i64", 8 * N,
         lambda: k["silu_i64"]((N + 1023) // 1024, 1, 1, ptr(x), ptr(o), N), lambda: o,
         lambda a: torch.nn.functional.silu(a), (x,), None),
        ("row_sum", 4 * ROWS * COLS,
         lambda: k["row_sum"]((ROWS + 3) // 4, 1, 1, ptr(X), ptr(rs), ROWS, COLS, COLS), lambda: rs,
         lambda a: torch.sum(a, 1, out=rs), (X,), lambda a: a.sum(1)),
    ]
    print(f"# {opt.threads} threads, torch {torch.__version__}, {os.cpu_count()} CPUs; GB/s, best of {opt.reps}")
    print(f"{'kernel':<10} {'tritonc':>9} {'eager':>9} {'compile':>9} {'t/eager':>8} {'t/compile':>9}")
    for name, nbytes, run, result, ref, args, plain in rows:
        plain = plain or ref
        run()
        got = result().clone()
        expect = plain(*args)
        tol = 2e-2 if got.dtype == torch.float16 else 1e-4
        if not torch.allclose(got.float(), expect.float(), atol=tol, rtol=tol):
            print(f"{name:<10} WRONG: max abs diff {(got.float() - expect.float()).abs().max().item()}")
            continue
        tt = best(run, opt.reps)
        te = best(lambda: ref(*args), opt.reps)
        tc = float("nan")
        if not opt.no_compile:
            try:
                cf = torch.compile(plain)
                cf(*args)
                tc = best(lambda: cf(*args), opt.reps)
            except Exception as e:  # Inductor's C++ backend needs a working g++
                print(f"# torch.compile failed for {name}: {type(e).__name__}: {str(e)[:200]}")
        gt, ge, gc = nbytes / tt / 1e9, nbytes / te / 1e9, nbytes / tc / 1e9
        print(f"{name:<10} {gt:9.1f} {ge:9.1f} {gc:9.1f} {gt / ge:8.2f} {gt / gc:9.2f}")
        sys.stdout.flush()


main()
