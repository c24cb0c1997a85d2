/* plain.c — the default C output against --plain, side by side in one process: softmax and the
 * layer-norm forward on 4096 x 1024 fp32 rows (GB/s of the fewest bytes each must move: each row
 * read once and written once), the matmul example at 1024^3 fp32 with 128 x 128 x 32 tiles
 * (GFLOP/s). The two translations of a kernel run in turn, best of several repetitions after a
 * warm-up, so the shared machine's drift moves both; their results are compared too (the plain
 * kernel sums in another order: a small difference, not a different answer). */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* bench/plain.sh translates each kernel twice and renames the --plain one (-D) */
#define DECL_SOFTMAX(F) \
  void F(int gx, int gy, int gz, float *out, float *in, int32_t si, int32_t so, int32_t rows, int32_t cols);
#define DECL_LAYERNORM(F) \
  void F(int gx, int gy, int gz, float *x, float *y, float *w, float *b, float *mean, float *rstd, \
         int32_t stride, int32_t n, float eps);
#define DECL_MATMUL(F) \
  void F(int gx, int gy, int gz, float *a, float *b, float *c, int32_t m, int32_t n, int32_t k, \
         int32_t lda, int32_t ldb, int32_t ldc);
DECL_SOFTMAX(softmax_kernel_grid)
DECL_SOFTMAX(softmax_plain_grid)
DECL_LAYERNORM(_layer_norm_fwd_fused_grid)
DECL_LAYERNORM(layernorm_plain_grid)
DECL_MATMUL(matmul_kernel_grid)
DECL_MATMUL(matmul_plain_grid)

enum { ROWS = 4096, COLS = 1024, MN = 1024, TILE = 128 };
static float *X, *Y0, *Y1, *W, *B, *Mean, *Rstd, *MA, *MB, *MC0, *MC1;

static void softmax_d(void) { softmax_kernel_grid(ROWS, 1, 1, Y0, X, COLS, COLS, ROWS, COLS); }
static void softmax_p(void) { softmax_plain_grid(ROWS, 1, 1, Y1, X, COLS, COLS, ROWS, COLS); }
static void layernorm_d(void) {
  _layer_norm_fwd_fused_grid(ROWS, 1, 1, X, Y0, W, B, Mean, Rstd, COLS, COLS, 1e-5f);
}
static void layernorm_p(void) {
  layernorm_plain_grid(ROWS, 1, 1, X, Y1, W, B, Mean, Rstd, COLS, COLS, 1e-5f);
}
static const int TILES = (MN / TILE) * (MN / TILE);
static void matmul_d(void) { matmul_kernel_grid(TILES, 1, 1, MA, MB, MC0, MN, MN, MN, MN, MN, MN); }
static void matmul_p(void) { matmul_plain_grid(TILES, 1, 1, MA, MB, MC1, MN, MN, MN, MN, MN, MN); }

static double seconds(void (*fn)(void)) {
  double t = omp_get_wtime();
  fn();
  return omp_get_wtime() - t;
}

static double max_diff(const float *a, const float *b, size_t n) {
  double d = 0;
  for (size_t i = 0; i < n; i++)
    d = fmax(d, fabs((double)a[i] - b[i]));
  return d;
}

/* one row of the table: `work` bytes (or flops) per run, the best time of each translation */
static void row(const char *name, const char *unit, double work, void (*d)(void),
                void (*p)(void), const float *rd, const float *rp, size_t n, int reps) {
  double bd = 1e30, bp = 1e30;
  d();
  p();
  for (int r = 0; r < reps; r++) {
    bd = fmin(bd, seconds(d));
    bp = fmin(bp, seconds(p));
  }
  printf("%-10s %12.1f %12.1f %8s %10.2f %12.2g\n", name, work / bd / 1e9, work / bp / 1e9,
         unit, bd / bp, max_diff(rd, rp, n));
}

int main(void) {
  size_t n = (size_t)ROWS * COLS, m = (size_t)MN * MN;
  X = aligned_alloc(64, n * 4); Y0 = aligned_alloc(64, n * 4); Y1 = aligned_alloc(64, n * 4);
  W = aligned_alloc(64, COLS * 4); B = aligned_alloc(64, COLS * 4);
  Mean = aligned_alloc(64, ROWS * 4); Rstd = aligned_alloc(64, ROWS * 4);
  MA = aligned_alloc(64, m * 4); MB = aligned_alloc(64, m * 4);
  MC0 = aligned_alloc(64, m * 4); MC1 = aligned_alloc(64, m * 4);
  for (size_t i = 0; i < n; i++)
    X[i] = (float)((i * 7919) % 1000) / 500.0f - 1.0f;
  for (int c = 0; c < COLS; c++) {
    W[c] = 1.0f + (float)c / COLS;
    B[c] = (float)c / COLS - 0.5f;
  }
  for (size_t i = 0; i < m; i++) {
    MA[i] = (float)((i * 7919) % 1000) / 1000.0f - 0.5f;
    MB[i] = (float)((i * 104729) % 1000) / 1000.0f - 0.5f;
  }
  printf("default C vs --plain, %d threads (best of the repetitions; ratio = plain / default speed)\n",
         omp_get_max_threads());
  printf("%-10s %12s %12s %8s %10s %12s\n", "kernel", "default", "plain", "unit", "plain/def",
         "max |diff|");
  row("softmax", "GB/s", 8.0 * n, softmax_d, softmax_p, Y0, Y1, n, 50);
  row("layernorm", "GB/s", 8.0 * n, layernorm_d, layernorm_p, Y0, Y1, n, 50);
  row("matmul", "GFLOP/s", 2.0 * MN * MN * MN, matmul_d, matmul_p, MC0, MC1, m, 10);
  return 0;
}
