"""Runner overhead: what a cached `kernel[grid](...)` launch through python/tritonc costs over
calling the compiled kernel directly, and what the first launch (translate + compile) costs.

    PYTHONPATH=python python3 bench/runner_overhead.py [--n ELEMENTS] [--iters N]

Measures, on examples/add.py's kernel with n elements (default 1024: one program, so the
kernel's own work is small and the overhead shows):
  first launch      fresh cache: tritonc translation + cc -O3 build + load (stats split it)
  disk-cache launch a new process's first launch would find the .so: load + bind (measured
                    here by dropping the in-memory entry)
  runner launch     add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024), torch CPU tensors
  ctypes call       the same .so's add_kernel_grid called through ctypes with ready ints
  C call            add_kernel_grid called from C in a loop (a harness built here)
Prints microseconds per launch (median of 5 rounds)."""
import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "examples"))


def per_call_us(fn, iters):
    rounds = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(iters):
            fn()
        rounds.append((time.perf_counter() - t0) / iters * 1e6)
    return statistics.median(rounds)


HARNESS = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
void add_kernel_grid(int, int, int, float *, float *, float *, int32_t);
int main(int argc, char **argv) {
  int n = atoi(argv[1]), iters = atoi(argv[2]);
  float *x = aligned_alloc(64, 4 * (size_t)n + 64), *y = aligned_alloc(64, 4 * (size_t)n + 64),
        *o = aligned_alloc(64, 4 * (size_t)n + 64);
  for (int i = 0; i < n; i++) { x[i] = (float)i; y[i] = 1.0f; }
  double best = 1e30;
  for (int r = 0; r < 5; r++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < iters; i++) add_kernel_grid((n + 1023) / 1024, 1, 1, x, y, o, n);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double us = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 1e3 / iters;
    if (us < best) best = us;
  }
  printf("%.3f\n", best);
  return o[n - 1] == (float)(n - 1) + 1.0f ? 0 : 1;
}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--iters", type=int, default=2000)
    a = ap.parse_args()
    cache = tempfile.mkdtemp(prefix="tritonc_bench_")
    os.environ["TRITONC_CACHE_DIR"] = cache
    import tritonc
    tritonc.patch()
    import torch
    import triton
    from add import add_kernel

    n = a.n
    x, y, out = torch.rand(n), torch.rand(n), torch.empty(n)
    grid = (triton.cdiv(n, 1024), )
    t0 = time.perf_counter()
    pgm = add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
    first = time.perf_counter() - t0
    torch.testing.assert_close(out, x + y)
    st = tritonc.stats
    print(f"first launch: {first * 1e3:.0f} ms (tritonc {st['translate_s'] * 1e3:.0f} ms, "
          f"cc -O3 {st['compile_s'] * 1e3:.0f} ms)")

    t0 = time.perf_counter()
    add_kernel.cache.clear()
    add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
    print(f"disk-cache launch (load + bind): {(time.perf_counter() - t0) * 1e3:.2f} ms")

    runner = per_call_us(lambda: add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024), a.iters)
    lib = ctypes.CDLL(os.path.join(pgm.folder, "kernel.so"))
    fn = lib.add_kernel_grid
    fn.argtypes = [ctypes.c_int] * 3 + [ctypes.c_void_p] * 3 + [ctypes.c_int32]
    fn.restype = None
    px, py_, po, gx = x.data_ptr(), y.data_ptr(), out.data_ptr(), grid[0]
    direct = per_call_us(lambda: fn(gx, 1, 1, px, py_, po, n), a.iters)

    d = tempfile.mkdtemp()
    src = os.path.join(d, "h.c")
    with open(src, "w") as f:
        f.write(HARNESS)
    exe = os.path.join(d, "h")
    subprocess.run(["cc", "-O2", "-std=c11", "-D_POSIX_C_SOURCE=200809L", src, os.path.join(pgm.folder, "kernel.so"),
                    "-Wl,-rpath," + pgm.folder, "-o", exe, "-lm"], check=True)
    c_us = float(subprocess.run([exe, str(n), str(a.iters * 5)], capture_output=True, text=True,
                                check=True).stdout)
    print(f"n={n}, OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'default')}")
    print(f"runner launch (cached): {runner:7.2f} us")
    print(f"ctypes direct call:     {direct:7.2f} us")
    print(f"C call:                 {c_us:7.2f} us")
    print(f"runner overhead over C: {runner - c_us:7.2f} us per launch "
          f"(over ctypes: {runner - direct:.2f} us)")
    shutil.rmtree(cache, ignore_errors=True)
    shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
