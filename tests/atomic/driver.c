/* driver.c — runs one translated kernel of tests/conformance/kernels/atomics.py (chosen by
 * -DK_<name>, header AT_HDR, element type T with -DT=...) on the OpenMP grid and checks it against
 * a plain sequential C loop. Programs run on several threads at once (OMP_NUM_THREADS), so a
 * read-modify-write that is not atomic loses updates. Prints "ok" or the first difference. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include AT_HDR

static int bad;
#define CHECK(cond, ...)                                                                     \
  do {                                                                                       \
    if (!(cond) && bad++ < 5) {                                                              \
      printf(__VA_ARGS__);                                                                   \
      printf("\n");                                                                          \
    }                                                                                        \
  } while (0)

static void *zalloc(size_t n) { return calloc(n, 1); }

/* fp16 / bf16 bits of exactly representable normal values (the tests use small integers) */
static inline __attribute__((unused)) uint16_t f16_of(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if (!(u & 0x7fffffffu))
    return (uint16_t)(u >> 16);
  return (uint16_t)((u >> 16 & 0x8000u) | (((u >> 23 & 0xffu) - 112u) << 10) | (u >> 13 & 0x3ffu));
}
static inline __attribute__((unused)) float f16_to(uint16_t h) {
  uint32_t u = (uint32_t)(h & 0x8000u) << 16;
  if (h & 0x7fffu)
    u |= ((uint32_t)(h >> 10 & 0x1fu) + 112u) << 23 | (uint32_t)(h & 0x3ffu) << 13;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static inline __attribute__((unused)) uint16_t bf16_of(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return (uint16_t)(u >> 16);
}
static inline __attribute__((unused)) float bf16_to(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
#define IDF(x) (x)
#define VAL(i) ((T)((int64_t)(i) * 7919 % 2001 - 1000) + (T)0.5)

int main(void) {
#if defined(K_histogram)
  int n = 100000, nb = 16;
  int32_t *x = zalloc(n * 4), *h = zalloc(nb * 4), ref[16] = {0};
  for (int i = 0; i < n; i++)
    ref[(x[i] = (int32_t)((i * 7919u) % 1000u)) % nb]++;
  histogram_kernel(x, h, n);
  for (int b = 0; b < nb; b++)
    CHECK(h[b] == ref[b], "bin %d: got %d want %d", b, h[b], ref[b]);
#elif defined(K_add_float)
  /* T: the element type; small integers: exact sums in any order. fp16/bf16 memory is bits. */
  int n = HALF ? 1000 : 100000;
  float *xs = zalloc(n * 4);
  double ref[8] = {0};
  for (int i = 0; i < n; i++)
    ref[i % 8] += (xs[i] = (float)(HALF ? i % 2 : i % 5));
  T *x = zalloc(n * sizeof(T)), *o = zalloc(8 * sizeof(T));
  for (int i = 0; i < n; i++)
    x[i] = TO_T(xs[i]);
  add_float_kernel(x, o, n);
  for (int j = 0; j < 8; j++)
    CHECK(FROM_T(o[j]) == ref[j], "out[%d]: got %g want %g", j, (double)FROM_T(o[j]), ref[j]);
#elif defined(K_ticket)
  int g = 5000;
  int32_t counter = 0, *seen = zalloc(g * 4);
  ticket_kernel_grid(g, 1, 1, &counter, seen);
  CHECK(counter == g, "counter %d want %d", counter, g);
  for (int i = 0; i < g; i++)
    CHECK(seen[i] == 1, "ticket %d drawn %d times", i, seen[i]);
#elif defined(K_minmax)
  int n = 50000;
  T *x = zalloc(n * sizeof(T)), mx[4], mn[4], rmx[4], rmn[4];
  for (int j = 0; j < 4; j++)
    mx[j] = rmx[j] = (T)INIT_MAX, mn[j] = rmn[j] = (T)INIT_MIN;
  for (int i = 0; i < n; i++) {
    x[i] = VAL(i);
    if (x[i] > rmx[i % 4]) rmx[i % 4] = x[i];
    if (x[i] < rmn[i % 4]) rmn[i % 4] = x[i];
  }
  minmax_kernel(x, mx, mn, n);
  for (int j = 0; j < 4; j++) {
    CHECK(mx[j] == rmx[j], "max[%d]: got %.17g want %.17g", j, (double)mx[j], (double)rmx[j]);
    CHECK(mn[j] == rmn[j], "min[%d]: got %.17g want %.17g", j, (double)mn[j], (double)rmn[j]);
  }
#elif defined(K_old_values)
  int n = 1000;
  T *x = zalloc(n * sizeof(T)), *a = zalloc(n * sizeof(T)), *b = zalloc(n * sizeof(T));
  T *c = zalloc(n * sizeof(T)), *d = zalloc(n * sizeof(T)), *o = zalloc(4 * n * sizeof(T));
  T *a0 = zalloc(n * sizeof(T));
  for (int i = 0; i < n; i++) {
    x[i] = (T)((i * 37) % 101) - 50;
    a0[i] = a[i] = b[i] = c[i] = d[i] = (T)((i * 53) % 97) - 48;
  }
  old_values_kernel(x, a, b, c, d, o, n);
  for (int i = 0; i < n; i++) {
    T w0 = a0[i];
    CHECK(o[4 * i] == w0 && o[4 * i + 1] == w0 && o[4 * i + 2] == w0 && o[4 * i + 3] == w0,
          "old values at %d: %g %g %g %g want %g", i, (double)o[4 * i], (double)o[4 * i + 1],
          (double)o[4 * i + 2], (double)o[4 * i + 3], (double)w0);
    CHECK(a[i] == (x[i] > w0 ? x[i] : w0) && b[i] == (x[i] < w0 ? x[i] : w0) && c[i] == x[i] &&
              d[i] == w0 + x[i], "results at %d", i);
  }
#elif defined(K_bits)
  int n = 70000;
  int32_t *x = zalloc(n * 4), A[2] = {-1, -1}, O[2] = {0, 0}, X[2] = {0, 0};
  int32_t ra[2] = {-1, -1}, ro[2] = {0, 0}, rx[2] = {0, 0};
  for (int i = 0; i < n; i++) {
    x[i] = (int32_t)(((uint32_t)i * 2654435761u) >> 3);
    ra[i % 2] &= x[i] | 0x10000;
    ro[i % 2] |= x[i];
    rx[i % 2] ^= x[i];
  }
  bits_kernel(x, A, O, X, n);
  for (int j = 0; j < 2; j++)
    CHECK(A[j] == ra[j] && O[j] == ro[j] && X[j] == rx[j], "word %d: %x %x %x want %x %x %x", j,
          A[j], O[j], X[j], ra[j], ro[j], rx[j]);
#elif defined(K_cas)
  int n = 64 * 50;
  T *x = zalloc(n * sizeof(T)), *cmp = zalloc(n * sizeof(T)), *val = zalloc(n * sizeof(T));
  T *old = zalloc(n * sizeof(T));
  for (int i = 0; i < n; i++) {
    x[i] = TO_T((float)(i % 17));
    cmp[i] = TO_T((float)(i % 17 + (i % 3 == 0)));
    val[i] = TO_T((float)(100 + i % 7));
  }
  cas_kernel(x, cmp, val, old);
  for (int i = 0; i < n; i++) {
    float x0 = (float)(i % 17), want = i % 3 == 0 ? x0 : (float)(100 + i % 7);
    CHECK(FROM_T(old[i]) == x0 && FROM_T(x[i]) == want, "cas at %d: old %g new %g", i,
          (double)FROM_T(old[i]), (double)FROM_T(x[i]));
  }
#elif defined(K_locked_sum)
  int g = 4000, blk = 64, n = g * blk - 5, nacc = 4;
  int32_t *x = zalloc(n * 4), *acc = zalloc(nacc * blk * 4), cnt[4] = {0}, lock[4] = {0};
  int64_t ref[4][64] = {{0}};
  for (int i = 0; i < n; i++) {
    x[i] = i % 13 - 6;
    ref[(i / blk) % nacc][i % blk] += x[i];
  }
  locked_sum_kernel_grid(g, 1, 1, x, acc, cnt, lock, n);
  for (int r = 0; r < nacc; r++) {
    CHECK(cnt[r] == 1 && lock[r] == 0, "row %d: count %d lock %d", r, cnt[r], lock[r]);
    for (int c = 0; c < blk; c++)
      CHECK(acc[r * blk + c] == ref[r][c], "acc[%d][%d]: got %d want %lld", r, c,
            acc[r * blk + c], (long long)ref[r][c]);
  }
#elif defined(K_publish)
  int n = 1 << 20, g = n / 1024;
  float *x = zalloc(n * 4), *y = zalloc(n * 4);
  int32_t done = 0;
  for (int i = 0; i < n; i++)
    x[i] = (float)(i % 1000);
  publish_kernel(x, y, &done, n);
  CHECK(done == g, "done %d want %d", done, g);
  for (int i = 0; i < n; i++)
    CHECK(y[i] == 2.0f * x[i], "y[%d] = %g", i, (double)y[i]);
#endif
  if (!bad)
    printf("ok\n");
  return bad != 0;
}
