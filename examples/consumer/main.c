/* main.c — a C program that calls a Triton kernel translated at build time (CMakeLists.txt:
 * tritonc_add_kernel; Makefile: mk/tritonc.mk): out = a * x + y, checked against plain C. */
#include "axpy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100003; /* not a multiple of the block: a masked tail */
  if (n <= 0)
    return 2;
  float *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
  float *out = malloc(sizeof *out * (size_t)(n + 1));
  if (!x || !y || !out)
    return 2;
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 97) * 0.25f;
    y[i] = (float)(i % 13) - 6.0f;
  }
  out[n] = 42.0f; /* past the end: must stay */
  axpy_kernel(x, y, out, 1.5f, n);
  int bad = out[n] != 42.0f;
  for (int i = 0; i < n; i++)
    bad += fabsf(out[i] - (1.5f * x[i] + y[i])) > 1e-5f * (1.0f + fabsf(out[i]));
  printf("axpy of %d elements: %s\n", n, bad ? "WRONG" : "ok");
  free(x);
  free(y);
  free(out);
  return bad != 0;
}
