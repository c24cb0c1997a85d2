/* attention.c — the flash-attention example (examples/flash_attention.py, fp32, one pass over
 * the keys with an online softmax) against attention written as plain C loops, side by side in
 * one process, non-causal and causal. The plain version is what one writes without tritonc:
 * per query row, the scores against every key, their maximum, exp and sum, then the weighted sum
 * of the value rows (OpenMP over the rows, `omp simd` on the inner loops, the same compiler and
 * flags). Its result is compared with the generated kernel's before either is timed.
 * GFLOP/s counts the two products: 4 n^2 d per head, half of that when causal (the standard
 * count; the masked-out half is not work). Best of several repetitions after a warm-up. */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "attn.h"

/* the causal translation (bench/run.sh renames it) */
void attn_causal_kernel_grid(int grid_x, int grid_y, int grid_z, float *q_ptr, float *k_ptr,
                             float *v_ptr, float *out_ptr, int32_t N_CTX, int32_t stride_h,
                             int32_t stride_n, float sm_scale);

#define BM 128 /* the query block attn.c was translated with (bench/run.sh) */

/* out[h][i] = softmax_j(q[h][i] . k[h][j] * scale, j <= i when causal) weighted sum of v[h][j] */
static void plain_attention(const float *q, const float *k, const float *v, float *out, int heads,
                            int n, int d, float scale, int causal) {
#pragma omp parallel
  {
    float *s = malloc((size_t)n * sizeof *s);
#pragma omp for collapse(2) schedule(static)
    for (int h = 0; h < heads; h++)
      for (int i = 0; i < n; i++) {
        const long base = (long)h * n * d;
        const float *qi = q + base + (long)i * d;
        float *o = out + base + (long)i * d;
        int keys = causal ? i + 1 : n;
        float m = -INFINITY, l = 0;
        for (int j = 0; j < keys; j++) {
          const float *kj = k + base + (long)j * d;
          float dot = 0;
#pragma omp simd reduction(+ : dot)
          for (int t = 0; t < d; t++)
            dot += qi[t] * kj[t];
          s[j] = dot * scale;
          m = fmaxf(m, s[j]);
        }
        for (int j = 0; j < keys; j++) {
          s[j] = expf(s[j] - m);
          l += s[j];
        }
        for (int t = 0; t < d; t++)
          o[t] = 0;
        for (int j = 0; j < keys; j++) {
          const float *vj = v + base + (long)j * d, p = s[j];
#pragma omp simd
          for (int t = 0; t < d; t++)
            o[t] += p * vj[t];
        }
        for (int t = 0; t < d; t++)
          o[t] /= l;
      }
    free(s);
  }
}

static int HEADS, N, D;
static float *Q, *K, *V, *Out;

static void gen_full(void) {
  attn_fwd_kernel_grid((N + BM - 1) / BM, HEADS, 1, Q, K, V, Out, N, N * D, D, 1.0f / sqrtf((float)D));
}
static void gen_causal(void) {
  attn_causal_kernel_grid((N + BM - 1) / BM, HEADS, 1, Q, K, V, Out, N, N * D, D, 1.0f / sqrtf((float)D));
}
static void plain_full(void) { plain_attention(Q, K, V, Out, HEADS, N, D, 1.0f / sqrtf((float)D), 0); }
static void plain_causal(void) { plain_attention(Q, K, V, Out, HEADS, N, D, 1.0f / sqrtf((float)D), 1); }

static double best_of(void (*f)(void), int reps) {
  f(); /* warm-up */
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t = omp_get_wtime();
    f();
    best = fmin(best, omp_get_wtime() - t);
  }
  return best;
}

/* the largest |difference| between what gen and plain write, or INFINITY where either is NaN */
static double compare(void (*gen)(void), void (*plain)(void), float *keep) {
  size_t e = (size_t)HEADS * N * D;
  plain();
  for (size_t i = 0; i < e; i++)
    keep[i] = Out[i];
  for (size_t i = 0; i < e; i++)
    Out[i] = NAN; /* every element must be written again */
  gen();
  double diff = 0;
  for (size_t i = 0; i < e; i++) {
    double x = fabs((double)Out[i] - keep[i]);
    diff = x == x ? fmax(diff, x) : INFINITY;
  }
  return diff;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  HEADS = 16, N = 1024, D = 64;
  size_t e = (size_t)HEADS * N * D;
  Q = malloc(e * 4), K = malloc(e * 4), V = malloc(e * 4), Out = malloc(e * 4);
  float *keep = malloc(e * 4);
  srand(1);
  for (size_t i = 0; i < e; i++) {
    Q[i] = 4.0f * rand() / RAND_MAX - 2.0f;
    K[i] = 4.0f * rand() / RAND_MAX - 2.0f;
    V[i] = 2.0f * rand() / RAND_MAX - 1.0f;
  }
  printf("\nattention forward fp32, %d heads x %d x %d, %d threads (OpenMP); plain = plain C loops\n",
         HEADS, N, D, omp_get_max_threads());
  printf("%-8s %14s %14s %8s %12s\n", "mask", "tritonc GF/s", "plain C GF/s", "ratio", "max |diff|");
  struct {
    const char *name;
    void (*gen)(void), (*plain)(void);
    double flops;
  } rows[] = {{"none", gen_full, plain_full, 4.0 * HEADS * (double)N * N * D},
              {"causal", gen_causal, plain_causal, 2.0 * HEADS * (double)N * N * D}};
  int bad = 0;
  for (int r = 0; r < 2; r++) {
    double diff = compare(rows[r].gen, rows[r].plain, keep);
    if (!(diff <= 1e-4)) { /* the outputs are weighted means of values in [-1, 1] */
      printf("%-8s WRONG: max |diff| %.3g against the plain C loops\n", rows[r].name, diff);
      bad = 1;
      continue;
    }
    double tg = best_of(rows[r].gen, reps), tp = best_of(rows[r].plain, reps);
    printf("%-8s %14.1f %14.1f %8.2f %12.2e\n", rows[r].name, rows[r].flops / tg * 1e-9,
           rows[r].flops / tp * 1e-9, tp / tg, diff);
  }
  free(Q), free(K), free(V), free(Out), free(keep);
  return bad;
}
