/* tune_driver.c — `make tune` (bench/tune.sh) over examples/matmul_autotune.py translated with
 * --all-configs:
 *   tune_driver record FILE M,N,K ...  times every config at each size (matmul_tuned_kernel_tune)
 *                                      and appends the fastest to FILE
 *   tune_driver show M,N,K ...         per size: the config the dispatcher picks, and GFLOP/s of
 *                                      the dispatcher and of every config (same run)
 * Sizes are multiples of 16 (the signature gives lda, ldb, ldc the :16 hint). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "matmul_tuned.h"
#include "matmul_tuned_c0.h"
#include "matmul_tuned_c1.h"
#include "matmul_tuned_c2.h"

typedef void (*Fn)(float *, float *, float *, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t);

static double now_s(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static float *filled(size_t n, unsigned seed) {
  float *p = malloc(n * sizeof(float));
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    p[i] = (float)((seed >> 9) & 0xffff) / 65536.0f - 0.5f;
  }
  return p;
}

/* the best of a few runs lasting at least 0.2 s in all */
static double gflops(Fn f, float *a, float *b, float *c, int m, int n, int k) {
  double best = 1e30, total = 0;
  f(a, b, c, m, n, k, k, n, n); /* warm-up */
  for (int r = 0; r < 3 || total < 0.2; r++) {
    double t0 = now_s();
    f(a, b, c, m, n, k, k, n, n);
    double dt = now_s() - t0;
    total += dt;
    best = dt < best ? dt : best;
  }
  return 2.0 * m * n * k / best * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "record") && strcmp(argv[1], "show")) ||
      (!strcmp(argv[1], "record") && argc < 4)) {
    fprintf(stderr, "usage: tune_driver record FILE M,N,K ... | show M,N,K ...\n");
    return 2;
  }
  int rec = !strcmp(argv[1], "record");
  for (int i = rec ? 3 : 2; i < argc; i++) {
    int m, n, k;
    if (sscanf(argv[i], "%d,%d,%d", &m, &n, &k) != 3 || m <= 0 || n <= 0 || k <= 0 ||
        m % 16 || n % 16 || k % 16) {
      fprintf(stderr, "tune_driver: '%s': want M,N,K, multiples of 16\n", argv[i]);
      return 2;
    }
    float *a = filled((size_t)m * k, 1), *b = filled((size_t)k * n, 2), *c = filled((size_t)m * n, 3);
    if (rec) {
      int best = matmul_tuned_kernel_tune(argv[2], a, b, c, m, n, k, k, n, n);
      if (best < 0) {
        fprintf(stderr, "tune_driver: cannot append to %s\n", argv[2]);
        return 1;
      }
      printf("%dx%dx%d: config %d\n", m, n, k, best);
    } else {
      Fn fns[] = {matmul_tuned_kernel, matmul_tuned_kernel_c0, matmul_tuned_kernel_c1,
                  matmul_tuned_kernel_c2};
      printf("%dx%dx%d: dispatcher picks config %d; GFLOP/s", m, n, k,
             matmul_tuned_kernel_config(m, n, k));
      const char *names[] = {"dispatcher", "c0", "c1", "c2"};
      for (int f = 0; f < 4; f++)
        printf(" %s %.1f", names[f], gflops(fns[f], a, b, c, m, n, k));
      printf("\n");
    }
    free(a);
    free(b);
    free(c);
  }
  return 0;
}
