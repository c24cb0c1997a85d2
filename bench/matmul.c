/* matmul.c — the tl.dot matmul example (examples/matmul.py, fp32) and the same product written
 * with block pointers (examples/matmul_block_ptr.py) against OpenBLAS's cblas_sgemm, side by
 * side in one process: GFLOP/s (2 M N K flops per product) at 1024^3 and
 * 2048^3, best of several repetitions after a warm-up, on every core OpenMP and OpenBLAS use.
 * The results are compared too, so a fast wrong kernel cannot pass unnoticed. */
#include <cblas.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "matmul.h"
#include "matmul_bp.h"

#define BM 128 /* the tile sizes matmul.c was translated with (bench/run.sh) */
#define BN 128

static double now(void) { return omp_get_wtime(); }

static double best_of(void (*f)(int, float *, float *, float *), int n, float *a, float *b,
                      float *c, int reps) {
  f(n, a, b, c); /* warm-up */
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t = now();
    f(n, a, b, c);
    t = now() - t;
    if (t < best)
      best = t;
  }
  return best;
}

static void run_tritonc(int n, float *a, float *b, float *c) {
  int tiles = ((n + BM - 1) / BM) * ((n + BN - 1) / BN);
  matmul_kernel_grid(tiles, 1, 1, a, b, c, n, n, n, n, n, n);
}

static void run_tritonc_bp(int n, float *a, float *b, float *c) {
  int tiles = ((n + BM - 1) / BM) * ((n + BN - 1) / BN);
  matmul_bp_kernel_grid(tiles, 1, 1, a, b, c, n, n, n, n, n, n);
}

static void run_blas(int n, float *a, float *b, float *c) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  printf("matmul fp32, %d threads (OpenMP), OpenBLAS %s\n", omp_get_max_threads(),
         openblas_get_config());
  printf("%-6s %14s %14s %14s %8s %8s %12s\n", "n", "tritonc GF/s", "block ptr GF/s",
         "OpenBLAS GF/s", "ratio", "bp ratio", "max |diff|");
  int sizes[] = {1024, 2048};
  for (int s = 0; s < 2; s++) {
    int n = sizes[s];
    size_t e = (size_t)n * n;
    float *a = malloc(e * 4), *b = malloc(e * 4), *c1 = malloc(e * 4), *c2 = malloc(e * 4);
    float *c3 = malloc(e * 4);
    srand(1);
    for (size_t i = 0; i < e; i++) {
      a[i] = (float)rand() / RAND_MAX - 0.5f;
      b[i] = (float)rand() / RAND_MAX - 0.5f;
    }
    double tt = best_of(run_tritonc, n, a, b, c1, reps);
    double tp = best_of(run_tritonc_bp, n, a, b, c3, reps);
    double tb = best_of(run_blas, n, a, b, c2, reps);
    double diff = 0;
    for (size_t i = 0; i < e; i++)
      diff = fmax(diff, fmax(fabs((double)c1[i] - c2[i]), fabs((double)c3[i] - c2[i])));
    double flops = 2.0 * n * n * (double)n;
    printf("%-6d %14.1f %14.1f %14.1f %8.2f %8.2f %12.2e\n", n, flops / tt * 1e-9,
           flops / tp * 1e-9, flops / tb * 1e-9, tb / tt, tb / tp, diff);
    free(a), free(b), free(c1), free(c2), free(c3);
  }
  return 0;
}
