/* check.c — the int64-offset kernels of tests/conformance/kernels/int64_offsets.py, as translated
 * by tests/vec64/run.sh, against plain-C references: every element of every output buffer
 * (and the elements after it, which the kernels must not touch) for sizes around the vector and
 * block lengths. Prints "N bad" and exits nonzero on any mismatch. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "lane_cast.h"
#include "mod64.h"
#include "rows64.h"
#include "silu64.h"

static long long bad;

static void check(const char *what, long long n, long long i, float got, double want, double rtol) {
  if (fabs(got - want) <= rtol * fabs(want))
    return;
  if (bad < 8)
    printf("%s n=%lld [%lld]: got %.9g want %.9g\n", what, n, i, got, want);
  bad++;
}

static void flat(int n) {
  int pad = 300;
  float *x = malloc((size_t)(n + pad) * sizeof *x), *y = malloc((size_t)(n + pad) * sizeof *y);
  for (int i = 0; i < n + pad; i++)
    x[i] = (float)(i % 97) * 0.25f - 12.0f;
  for (int i = 0; i < n + pad; i++)
    y[i] = -7.0f;
  silu64_kernel(x, y, n);
  for (int i = 0; i < n + pad; i++)
    check("silu64", n, i, y[i], i < n ? x[i] / (1.0 + exp(-(double)x[i])) : -7.0, 1e-5);
  for (int i = 0; i < n + pad; i++)
    y[i] = -7.0f;
  lane_cast_kernel(x, y, n);
  for (int i = 0; i < n + pad; i++)
    check("lane_cast", n, i, y[i], i < n ? x[i] * 2.0 + 1.0 : -7.0, 1e-6);
  for (int i = 0; i < n + pad; i++)
    y[i] = -7.0f;
  mod64_kernel(x, y, n);
  for (int i = 0; i < n + pad; i++)
    check("mod64", n, i, y[i], i < n ? x[i % 64] * 10.0 + 1.0 : -7.0, 1e-6);
  free(x);
  free(y);
}

static void rows(int M, int N, int stride) {
  int tot = M * stride + 64;
  float *x = malloc((size_t)tot * sizeof *x), *y = malloc((size_t)tot * sizeof *y);
  for (int i = 0; i < tot; i++)
    x[i] = (float)(i % 31) - 1.0f, y[i] = -7.0f;
  rows64_kernel(x, y, M, N, stride);
  for (int i = 0; i < tot; i++) {
    int r = i / stride, c = i % stride;
    check("rows64", (long long)M * 1000 + N, i, y[i], r < M && c < N ? x[i] + 1.0 : -7.0, 0);
  }
  free(x);
  free(y);
}

int main(void) {
  static const int sizes[] = {1, 7, 16, 17, 255, 256, 257, 1000, 4099};
  for (int s = 0; s < (int)(sizeof sizes / sizeof *sizes); s++)
    flat(sizes[s]);
  rows(1, 1, 1);
  rows(9, 70, 75);
  rows(4, 64, 64);
  rows(5, 130, 133);
  rows(3, 17, 17);
  printf("%lld bad\n", bad);
  return bad != 0;
}
