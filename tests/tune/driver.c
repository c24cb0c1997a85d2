/* driver.c — tests/tune/run.sh's program over tritonc --all-configs outputs of tests/tune/kernels.py.
 *   driver pick                 the dispatcher's choices for table.tuning, against expectations
 *                               worked out by hand from the documented rule
 *   driver same                 every config and the dispatcher against a plain C loop
 *   driver tune FILE            scaled_add_kernel_tune at two keys; prints "n k config" lines
 *   driver check N K CONFIG     scaled_add_kernel_config(N, K) == CONFIG (a table from FILE)
 *   driver restore / reset      inplace_kernel_tune leaves x as it was (restore_value);
 *                               sum_kernel_tune leaves one run's sum in acc (reset_to_zero)
 * Prints PASS/FAIL lines; exit status 1 on a failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inplace.h"
#include "inplace_c0.h"
#include "inplace_c1.h"
#include "scaled.h"
#include "scaled_c0.h"
#include "scaled_c1.h"
#include "scaled_c2.h"
#include "sum.h"

static int failed;
static void report(const char *name, int ok, const char *why) {
  printf(ok ? "PASS %s\n" : "FAIL %s (%s)\n", name, why);
  failed |= !ok;
}

static void pick(void) {
  /* exact entries, then nearest by sum |v - t| / (|v| + |t| + 1):
   * (900, 3): 100/1901 to (1000, 3) -> 2; (120, 3): 20/221 to (100, 3) -> 1;
   * (4000, 2): 1000/9001 + 1/4 = 0.36 to (5000, 1), 3000/5001 + 1/6 = 0.77 to (1000, 3) -> 0;
   * (550, 3): 450/1551 = 0.29 to (1000, 3), 450/651 = 0.69 to (100, 3) -> 2;
   * (200, 3): 100/301 = 0.33 to (100, 3), 800/1201 = 0.67 to (1000, 3) -> 1 */
  static const long long q[][3] = {{1000, 3, 2}, {100, 3, 1}, {5000, 1, 0}, {900, 3, 2},
                                   {120, 3, 1}, {4000, 2, 0}, {550, 3, 2}, {200, 3, 1}};
  for (size_t i = 0; i < sizeof q / sizeof *q; i++) {
    int got = scaled_add_kernel_config(q[i][0], q[i][1]);
    long long want = q[i][2];
    char name[64], why[64];
    snprintf(name, sizeof name, "pick n=%lld k=%lld", q[i][0], q[i][1]);
    snprintf(why, sizeof why, "config %d, want %lld", got, want);
    report(name, got == want, why);
  }
}

typedef void (*ScaledFn)(float *, float *, int32_t, int32_t);

static void same(void) {
  ScaledFn fns[] = {scaled_add_kernel_c0, scaled_add_kernel_c1, scaled_add_kernel_c2, scaled_add_kernel};
  const char *names[] = {"config 0", "config 1", "config 2", "dispatcher"};
  int sizes[] = {1, 63, 1000, 4097};
  for (int f = 0; f < 4; f++)
    for (int s = 0; s < 4; s++) {
      int n = sizes[s], k = 3 - s;
      float *x = malloc(sizeof(float) * (size_t)n), *out = malloc(sizeof(float) * (size_t)n);
      for (int i = 0; i < n; i++) {
        x[i] = (float)((i * 37) % 101) / 8.0f - 6.0f;
        out[i] = -1234.0f;
      }
      fns[f](x, out, n, k);
      int bad = -1;
      for (int i = 0; i < n && bad < 0; i++)
        if (out[i] != x[i] * (float)k + 1.0f) /* exact: one product, one sum */
          bad = i;
      char name[64], why[64];
      snprintf(name, sizeof name, "same %s n=%d", names[f], n);
      snprintf(why, sizeof why, "element %d", bad);
      report(name, bad < 0, why);
      free(x);
      free(out);
    }
  int32_t v[300];
  for (int i = 0; i < 300; i++)
    v[i] = i - 100;
  inplace_kernel_c0(v, 300);
  inplace_kernel_c1(v, 300);
  int ok = 1;
  for (int i = 0; i < 300; i++)
    ok &= v[i] == ((i - 100) * 2 + 1) * 2 + 1;
  report("same inplace configs 0 and 1", ok, "wrong value");
}

static void tune(const char *path) {
  static const int keys[][2] = {{4096, 2}, {300, 5}};
  for (int q = 0; q < 2; q++) {
    int n = keys[q][0];
    float *x = calloc((size_t)n, sizeof(float)), *out = calloc((size_t)n, sizeof(float));
    int c = scaled_add_kernel_tune(path, x, out, n, keys[q][1]);
    printf("%d %d %d\n", n, keys[q][1], c);
    if (c < 0 || c > 2)
      failed = 1;
    free(x);
    free(out);
  }
}

static void restore_reset(void) {
  int32_t x[700], keep[700];
  for (int i = 0; i < 700; i++)
    keep[i] = x[i] = 3 * i - 50;
  int c = inplace_kernel_tune("/dev/null", x, 700, sizeof x);
  report("restore_value: x as before tuning", c >= 0 && !memcmp(x, keep, sizeof x), "x changed");
  int32_t v[1000], acc = 777, want = 0;
  for (int i = 0; i < 1000; i++)
    want += v[i] = i % 7 - 2;
  c = sum_kernel_tune("/dev/null", v, &acc, 1000, sizeof acc);
  char why[64];
  snprintf(why, sizeof why, "acc %d, want one run's sum %d", acc, want);
  report("reset_to_zero: acc holds one run's sum", c >= 0 && acc == want, why);
}

int main(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "pick"))
    pick();
  else if (argc >= 2 && !strcmp(argv[1], "same"))
    same();
  else if (argc >= 3 && !strcmp(argv[1], "tune"))
    tune(argv[2]);
  else if (argc >= 5 && !strcmp(argv[1], "check")) {
    int got = scaled_add_kernel_config(atoll(argv[2]), atoll(argv[3]));
    char name[64], why[64];
    snprintf(name, sizeof name, "recorded n=%s k=%s", argv[2], argv[3]);
    snprintf(why, sizeof why, "config %d, the file says %s", got, argv[4]);
    report(name, got == atoi(argv[4]), why);
  } else if (argc >= 2 && !strcmp(argv[1], "restore"))
    restore_reset();
  else {
    fprintf(stderr, "usage: driver pick|same|tune FILE|check N K CONFIG|restore\n");
    return 2;
  }
  return failed;
}
