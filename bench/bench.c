/* bench.c — times the generated kernels, the hand-written loops and a triad, in one process.
 * GB/s counts the fewest bytes each computation must move (each input read once, each output
 * written once); ratios are against the triad's GB/s (the machine's achievable bandwidth) and
 * against the hand-written loop. Best of several repetitions after a warm-up. */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "add.h"
#include "bias_gelu.h"
#include "layernorm.h"
#include "row_sum.h"
#include "silu64.h"
#include "softmax.h"

/* add.py and bias_gelu.py translated for fp16 I/O (bench/run.sh renames them) */
void add_f16_kernel_grid(int grid_x, int grid_y, int grid_z, uint16_t *x_ptr, uint16_t *y_ptr,
                         uint16_t *output_ptr, int32_t n_elements);
void bias_gelu_f16_kernel_grid(int grid_x, int grid_y, int grid_z, uint16_t *x_ptr,
                               float *bias_ptr, uint16_t *out_ptr, int32_t M, int32_t N,
                               int32_t stride_xm, int32_t stride_om);

void hand_add(const float *x, const float *y, float *out, int64_t n);
void hand_softmax(const float *in, float *out, int rows, int cols);
void hand_layernorm(const float *in, float *out, const float *w, const float *b, float *mean,
                    float *rstd, int rows, int cols, float eps);
void hand_bias_gelu(const float *x, const float *bias, float *out, int rows, int cols);
void hand_row_sum(const float *x, float *out, int rows, int cols);
void hand_silu(const float *x, float *out, int64_t n);
void hand_add_f16(const uint16_t *x, const uint16_t *y, uint16_t *out, int64_t n);
void hand_bias_gelu_f16(const uint16_t *x, const float *bias, uint16_t *out, int rows, int cols);

static float *A, *Bv, *C, *W, *Bias, *Mean, *Rstd;
static uint16_t *Ah, *Bh, *Ch; /* fp16 bits */
static int64_t N;      /* elements of add and of the triad */
static int ROWS, COLS; /* shape of the row kernels */

static void triad(void) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < N; i++)
    A[i] = Bv[i] + 3.0f * C[i];
}

/* the read-only counterpart of the triad, for kernels that only read: a parallel sum of two of
 * its arrays, vectorised (omp simd lets the sum be reassociated; the volatile sink keeps it) */
static volatile float read_sink;
static void read_sum(void) {
  float s = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : s)
  for (int64_t i = 0; i < N; i++)
    s += Bv[i] + C[i];
  read_sink = s;
}

static void gen_add(void) { add_kernel_grid((int)((N + 1023) / 1024), 1, 1, Bv, C, A, (int32_t)N); }
static void hnd_add(void) { hand_add(Bv, C, A, N); }
static void gen_softmax(void) { softmax_kernel_grid(ROWS, 1, 1, A, Bv, COLS, COLS, ROWS, COLS); }
static void hnd_softmax(void) { hand_softmax(Bv, A, ROWS, COLS); }
static void gen_layernorm(void) {
  _layer_norm_fwd_fused_grid(ROWS, 1, 1, Bv, A, W, Bias, Mean, Rstd, COLS, COLS, 1e-5f);
}
static void hnd_layernorm(void) { hand_layernorm(Bv, A, W, Bias, Mean, Rstd, ROWS, COLS, 1e-5f); }
static void gen_bias_gelu(void) {
  bias_gelu_kernel_grid((ROWS + 7) / 8, (COLS + 1023) / 1024, 1, Bv, Bias, A, ROWS, COLS, COLS, COLS);
}
static void hnd_bias_gelu(void) { hand_bias_gelu(Bv, Bias, A, ROWS, COLS); }
static void gen_row_sum(void) { row_sum_kernel_grid((ROWS + 3) / 4, 1, 1, Bv, Mean, ROWS, COLS, COLS); }
static void hnd_row_sum(void) { hand_row_sum(Bv, Mean, ROWS, COLS); }
static void gen_silu64(void) { silu64_kernel_grid((int)((N + 1023) / 1024), 1, 1, Bv, A, (int32_t)N); }
static void hnd_silu64(void) { hand_silu(Bv, A, N); }
static void gen_add_f16(void) { add_f16_kernel_grid((int)((N + 1023) / 1024), 1, 1, Bh, Ch, Ah, (int32_t)N); }
static void hnd_add_f16(void) { hand_add_f16(Bh, Ch, Ah, N); }
static void gen_bias_gelu_f16(void) {
  bias_gelu_f16_kernel_grid((ROWS + 7) / 8, (COLS + 1023) / 1024, 1, Bh, Bias, Ah, ROWS, COLS, COLS, COLS);
}
static void hnd_bias_gelu_f16(void) { hand_bias_gelu_f16(Bh, Bias, Ah, ROWS, COLS); }

static double seconds(void (*fn)(void)) {
  double t = omp_get_wtime();
  fn();
  return omp_get_wtime() - t;
}

typedef struct Row {
  const char *name;
  void (*gen)(void), (*hand)(void);
  double bytes_per_elem; /* minimal traffic per element of the problem */
  int rowwise;           /* 1: ROWS x COLS elements, 0: N elements */
  int reads_only;        /* also compared with the read-only bandwidth */
} Row;

/* Per kernel, the triad, the generated kernel (twice) and the hand-written loop (twice) run in
 * turn, `reps` times after a warm-up, and each keeps its best time: the three figures of a row
 * are taken in the same minutes, so the machine's speed drifting (a shared host) moves them
 * together. The triad streams 384 MiB and so flushes the caches; a kernel's best time is that
 * of its second run, which finds in the last-level cache whatever the first run left there,
 * as when a kernel consumes what the previous one wrote (on a 2-core slice of a shared L3,
 * 16 MiB stays in cache and 32 MiB, the 4096 x 1024 rows in and out, mostly does not).
 * The 32768 x 1024 table (256 MiB) is from memory either way. */
static int nonly;           /* rows named on the command line, if any */
static char **only;

static int wanted(const char *name) {
  for (int i = 0; i < nonly; i++)
    if (!strcmp(only[i], name))
      return 1;
  return nonly == 0;
}

static void table(const char *title, int threads, int reps) {
  omp_set_num_threads(threads);
  printf("\n%s: %d thread%s; add and triad on %lld elements, the others on %d x %d\n", title,
         threads, threads > 1 ? "s" : "", (long long)N, ROWS, COLS);
  printf("%-12s %10s %10s %10s %12s %12s\n", "kernel", "gen GB/s", "hand GB/s", "triad GB/s",
         "gen/triad", "gen/hand");
  Row rows[] = {{"add", gen_add, hnd_add, 12, 0, 0},
                {"softmax", gen_softmax, hnd_softmax, 8, 1, 0},
                {"layernorm", gen_layernorm, hnd_layernorm, 8, 1, 0},
                {"bias+gelu", gen_bias_gelu, hnd_bias_gelu, 8, 1, 0},
                {"row_sum", gen_row_sum, hnd_row_sum, 4, 1, 1},
                /* int64 offsets: pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK) */
                {"silu_i64", gen_silu64, hnd_silu64, 8, 0, 0},
                /* fp16 in and out (2 bytes an element each way) */
                {"add_fp16", gen_add_f16, hnd_add_f16, 6, 0, 0},
                {"gelu_fp16", gen_bias_gelu_f16, hnd_bias_gelu_f16, 4, 1, 0}};
  char note[200] = "";
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    if (!wanted(rows[i].name))
      continue;
    double bt = 1e30, bg = 1e30, bh = 1e30, br = 1e30;
    triad(); /* warm-up: page faults, thread start */
    rows[i].gen();
    rows[i].hand();
    for (int r = 0; r < reps; r++) {
      bt = fmin(bt, seconds(triad));
      for (int twice = 0; twice < 2; twice++)
        bg = fmin(bg, seconds(rows[i].gen));
      for (int twice = 0; twice < 2; twice++)
        bh = fmin(bh, seconds(rows[i].hand));
      if (rows[i].reads_only)
        br = fmin(br, seconds(read_sum));
    }
    double bytes = rows[i].bytes_per_elem * (rows[i].rowwise ? (double)ROWS * COLS : (double)N);
    double g = bytes / bg / 1e9, h = bytes / bh / 1e9, t = 3.0 * 4 * (double)N / bt / 1e9;
    printf("%-12s %10.1f %10.1f %10.1f %12.2f %12.2f\n", rows[i].name, g, h, t, g / t, g / h);
    if (rows[i].reads_only) {
      double r = 2.0 * 4 * (double)N / br / 1e9;
      snprintf(note, sizeof note, "%s only reads: a parallel sum reads %.1f GB/s here, %s/read %.2f",
               rows[i].name, r, rows[i].name, g / r);
    }
  }
  if (note[0])
    printf("(%s)\n", note);
}

static void setup(int64_t n, int rows, int cols) {
  N = n;
  ROWS = rows;
  COLS = cols;
  if ((int64_t)rows * cols > n) /* the arrays serve both */
    n = (int64_t)rows * cols;
  size_t bytes = (size_t)n * sizeof(float);
  A = aligned_alloc(64, bytes);
  Bv = aligned_alloc(64, bytes);
  C = aligned_alloc(64, bytes);
  W = aligned_alloc(64, (size_t)cols * 4);
  Bias = aligned_alloc(64, (size_t)cols * 4);
  Mean = aligned_alloc(64, (size_t)rows * 4 + 64);
  Rstd = aligned_alloc(64, (size_t)rows * 4 + 64);
  Ah = aligned_alloc(64, (size_t)n * 2);
  Bh = aligned_alloc(64, (size_t)n * 2);
  Ch = aligned_alloc(64, (size_t)n * 2);
  for (int64_t i = 0; i < n; i++) {
    A[i] = 0;
    Bv[i] = (float)((i * 7919) % 1000) / 500.0f - 1.0f;
    C[i] = (float)((i * 104729) % 1000) / 1000.0f;
    Ah[i] = 0;
    Bh[i] = (uint16_t)(0x3800 + (i * 7919) % 2048); /* fp16 0.5 .. 2 and -0.5 .. -2 */
    Bh[i] |= (uint16_t)((i & 1) << 15);
    Ch[i] = (uint16_t)(0x3400 + (i * 104729) % 1024); /* 0.25 .. 0.5 */
  }
  for (int c = 0; c < cols; c++) {
    W[c] = 1.0f + (float)c / cols;
    Bias[c] = (float)c / cols - 0.5f;
  }
}

static void teardown(void) {
  free(A); free(Bv); free(C); free(W); free(Bias); free(Mean); free(Rstd);
  free(Ah); free(Bh); free(Ch);
}

int main(int argc, char **argv) {
  nonly = argc - 1;
  only = argv + 1;
  int threads = omp_get_max_threads();
  printf("tritonc benchmark: generated C vs hand-written C vs triad bandwidth\n");
  setup(1 << 25, 4096, 1024); /* the shapes: rows of 4 KiB, 32 MiB in and out */
  table("issue shapes", threads, 10);
  table("issue shapes", 1, 5);
  teardown();
  setup(1 << 25, 32768, 1024); /* 256 MiB in and out: far beyond the last-level cache */
  table("out of cache", threads, 10);
  teardown();
  setup(1 << 16, 64, 1024); /* 2^16 elements: launch overhead dominates */
  table("2^16 elements", threads, 200);
  teardown();
  return 0;
}
