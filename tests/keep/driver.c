/* driver.c — tests/keep/run.sh's program: tiles kept across programs (runtime/tc_simd.h, section
 * keep) change no result, are read where the program order says they may be, and never across
 * launches. Built with -DTC_KEEP_STATS, which counts keepable executions that read a kept copy
 * (hits) and those that copied (misses). Prints PASS/FAIL lines; exit status 1 on a failure. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matmul.c" /* its tc_keep_stat counts */
#include "rewrite.h"

static int failed;
static void report(const char *name, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#include <stdarg.h>
static void report(const char *name, int ok, const char *fmt, ...) {
  char why[256] = "";
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  printf(ok ? "PASS %s\n" : "FAIL %s (%s)\n", name, why);
  failed |= !ok;
}

static float *filled(long n, unsigned seed) {
  float *p = malloc(sizeof(float) * (size_t)n);
  for (long i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    p[i] = (float)((seed >> 16) % 2001) / 1000.0f - 1.0f;
  }
  return p;
}

/* the largest |C - A B| over C, A B summed in double */
static double err_of(const float *a, const float *b, const float *c, int M, int N, int K) {
  double e = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < K; k++)
        s += (double)a[(long)i * K + k] * b[(long)k * N + j];
      double d = fabs(s - c[(long)i * N + j]);
      if (!(d <= e))
        e = d;
    }
  return e;
}

/* Hits the grouped order of examples/matmul.py gives on one thread: a program whose tile column
 * is its predecessor's reads that predecessor's copies of B (all whole tiles: M, N, K multiples
 * of the blocks); every other program copies. Worked out from the kernel's pid -> tile formula. */
static void expected(int M, int N, int K, int BM, int BN, int BK, int G, long *hits, long *misses) {
  int tiles_m = M / BM, tiles_n = N / BN, steps = K / BK, prev = -1;
  *hits = *misses = 0;
  for (int pid = 0; pid < tiles_m * tiles_n; pid++) {
    int per_group = G * tiles_n, first = pid / per_group * G;
    int rows = tiles_m - first < G ? tiles_m - first : G;
    int tile_n = pid % per_group / rows;
    if (tile_n == prev)
      *hits += steps;
    else
      *misses += steps;
    prev = tile_n;
  }
}

static void stats(long *h, long *m) {
  *h = (long)*tc_keep_stat(1);
  *m = (long)*tc_keep_stat(0);
}

static void matmul(int M, int N, int K, const float *a, const float *b, float *c) {
  matmul_kernel_grid((M + 63) / 64 * ((N + 63) / 64), 1, 1, (float *)a, (float *)b, c, M, N, K, K, N, N);
}

int main(void) {
  omp_set_num_threads(1);
  /* whole tiles: the counts, and the products */
  int M = 256, N = 256, K = 256;
  float *a = filled((long)M * K, 1), *b = filled((long)K * N, 2), *c = calloc((size_t)M * N, sizeof(float));
  long h0, m0, h1, m1, want_h, want_m;
  expected(M, N, K, 64, 64, 32, 4, &want_h, &want_m);
  stats(&h0, &m0);
  matmul(M, N, K, a, b, c);
  stats(&h1, &m1);
  double e = err_of(a, b, c, M, N, K);
  report("matmul 256^3 on one thread: the product", e < 1e-3, "max error %g", e);
  report("matmul 256^3: programs sharing a tile column read the kept copies",
         h1 - h0 == want_h && m1 - m0 == want_m, "hits %ld misses %ld, expected %ld and %ld",
         h1 - h0, m1 - m0, want_h, want_m);
  /* the next launch, B changed in place: nothing kept before is read */
  for (long i = 0; i < (long)K * N; i++)
    b[i] = -0.5f * b[i] + 0.125f;
  h0 = h1, m0 = m1;
  matmul(M, N, K, a, b, c);
  stats(&h1, &m1);
  e = err_of(a, b, c, M, N, K);
  report("a second launch after B changed: the new product", e < 1e-3, "max error %g", e);
  report("a second launch: the first program copies again", h1 - h0 == want_h && m1 - m0 == want_m,
         "hits %ld misses %ld, expected %ld and %ld", h1 - h0, m1 - m0, want_h, want_m);
  free(a), free(b), free(c);

  /* one tile column: the last program of a launch and the first of the next load the same
   * tiles; after B changes in place, the second launch's first program still copies. 32 K
   * steps: a site makes room for 16 copies first, then grows */
  M = 256, N = 64, K = 1024;
  a = filled((long)M * K, 8), b = filled((long)K * N, 9), c = calloc((size_t)M * N, sizeof(float));
  expected(M, N, K, 64, 64, 32, 4, &want_h, &want_m);
  matmul(M, N, K, a, b, c);
  for (long i = 0; i < (long)K * N; i++)
    b[i] = 0.75f * b[i] - 0.25f;
  stats(&h0, &m0);
  matmul(M, N, K, a, b, c);
  stats(&h1, &m1);
  e = err_of(a, b, c, M, N, K);
  report("one tile column, B changed between launches: the new product", e < 1e-3, "max error %g", e);
  report("one tile column: the second launch's first program copies", h1 - h0 == want_h && m1 - m0 == want_m,
         "hits %ld misses %ld, expected %ld and %ld", h1 - h0, m1 - m0, want_h, want_m);
  free(a), free(b), free(c);

  /* edge tiles (masked, never kept) beside whole ones */
  M = 200, N = 136, K = 200;
  a = filled((long)M * K, 3), b = filled((long)K * N, 4), c = calloc((size_t)M * N, sizeof(float));
  matmul(M, N, K, a, b, c);
  e = err_of(a, b, c, M, N, K);
  report("matmul 200x136x200 (edge tiles): the product", e < 1e-3, "max error %g", e);
  free(a), free(b), free(c);

  /* a program's own store comes before its load: it reads the stored values, not a copy */
  enum { P = 4, T = 32 };
  a = filled((long)P * T * 4 * T, 5); /* P programs' [T, 4T] */
  float *w = calloc(4 * T * T, sizeof(float));
  c = calloc((size_t)P * T * T, sizeof(float));
  rewrite_then_dot_grid(P, 1, 1, a, w, w, c);
  double worst = 0;
  for (int p = 0; p < P; p++)
    for (int i = 0; i < T; i++)
      for (int j = 0; j < T; j++) {
        double s = 0;
        for (int k = 0; k < 4 * T; k++)
          s += (double)a[((long)p * T + i) * 4 * T + k] * (p + 1) * 0.25;
        double d = fabs(s - c[((long)p * T + i) * T + j]);
        if (!(d <= worst))
          worst = d;
      }
  report("stores through an argument aliasing the operand: each program reads its own values",
         worst < 1e-3, "max error %g", worst);
  free(a), free(w), free(c);

  /* two threads, each with its own copies */
  omp_set_num_threads(2);
  M = N = K = 512;
  a = filled((long)M * K, 6), b = filled((long)K * N, 7), c = calloc((size_t)M * N, sizeof(float));
  matmul(M, N, K, a, b, c);
  e = err_of(a, b, c, M, N, K);
  report("matmul 512^3 on two threads: the product", e < 1e-3, "max error %g", e);
  free(a), free(b), free(c);
  return failed;
}
