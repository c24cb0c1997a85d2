/* check.c — fp16 / bf16 element math and integer // % by constants on the C emitter's vector
 * path (the kernels of tests/conformance/kernels/half_ops.py, translated by tests/vecf16/run.sh)
 * against plain-C references that share no code with tritonc's runtime: 16-bit values are
 * decoded with ldexp, results computed in double (exact, or rounded once where an fp32 rounding
 * before the 16-bit one cannot change the result: 24 >= 2p + 2 bits; fp32 math on the values is
 * rounded to fp32 first, as the kernel does; fp16 a * b + a is one fma, rounded once, as
 * Triton computes it) and rounded to the type
 * with nearbyint, ties to even. Every fp16 / bf16 bit pattern is an operand (subnormals, inf,
 * NaN, both zeros); a second pass makes every a + b an exact tie. Compared: the value, the sign
 * of zeros, NaN-ness; the elements after n must stay untouched. Prints "N bad" and exits
 * nonzero on any mismatch. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define half_ops_kernel_grid hk16_grid
#define half_ops_kernel hk16
#include "h16.h"
#undef half_ops_kernel_grid
#undef half_ops_kernel
#define half_ops_kernel_grid hkbf_grid
#define half_ops_kernel hkbf
#include "hbf.h"
#include "bcast.h"
#include "divc.h"

static long long bad;

typedef struct Fmt {
  const char *name;
  int mbits, ebits, bias;
} Fmt;
static const Fmt F16 = {"fp16", 10, 5, 15}, BF16 = {"bf16", 7, 8, 127};

static double decode(const Fmt *f, uint16_t h) {
  int e = (h >> f->mbits) & ((1 << f->ebits) - 1), m = h & ((1 << f->mbits) - 1);
  double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == (1 << f->ebits) - 1)
    return m ? NAN : s * INFINITY;
  if (e == 0)
    return s * ldexp(m, 1 - f->bias - f->mbits);
  return s * ldexp(m + (1 << f->mbits), e - f->bias - f->mbits);
}

/* x rounded to the format: nearest, ties to even (nearbyint in the default mode), inf beyond */
static double rnd(const Fmt *f, double x) {
  if (isnan(x) || isinf(x) || x == 0)
    return x;
  int e;
  frexp(fabs(x), &e); /* |x| in [2^(e-1), 2^e) */
  int E = e - 1 < 1 - f->bias ? 1 - f->bias : e - 1;
  double v = ldexp(nearbyint(ldexp(fabs(x), f->mbits - E)), E - f->mbits);
  if (v >= ldexp(1.0, f->bias + 1))
    v = INFINITY;
  return copysign(v, x);
}

static void same(const char *what, long long i, double got, double want, int zero_sign) {
  int ok = isnan(want) ? isnan(got) != 0
                       : got == want && (!zero_sign || signbit(got) == signbit(want));
  if (ok)
    return;
  if (bad < 10)
    printf("%s [%lld]: got %.9g want %.9g\n", what, i, got, want);
  bad++;
}

static uint32_t lcg(uint32_t *s) { return *s = *s * 1664525u + 1013904223u; }

/* n elements of patterns a, b (and ints i) through the kernel; every row checked */
static void half_run(const Fmt *f, int n, const uint16_t *a, const uint16_t *b, const int32_t *iv) {
  int pad = 40, rows = 8;
  uint16_t *out = malloc(sizeof *out * (size_t)(rows * n + pad));
  float *f32 = malloc(sizeof *f32 * (size_t)(n + pad));
  int32_t *iout = malloc(sizeof *iout * (size_t)(n + pad));
  for (int k = 0; k < rows * n + pad; k++)
    out[k] = 0x1234;
  for (int k = 0; k < n + pad; k++)
    f32[k] = -7.0f, iout[k] = -7;
  if (f == &F16)
    hk16((uint16_t *)a, (uint16_t *)b, (int32_t *)iv, out, f32, iout, n);
  else
    hkbf((uint16_t *)a, (uint16_t *)b, (int32_t *)iv, out, f32, iout, n);
  char w[64];
  for (int k = 0; k < n; k++) {
    double A = decode(f, a[k]), B = decode(f, b[k]);
    double want[8] = {rnd(f, A + B), rnd(f, A - B), rnd(f, A * B), rnd(f, A / B),
                      isnan(A) ? B : isnan(B) ? A : A > B ? A : B,
                      f == &F16 ? rnd(f, fma(A, B, A)) : rnd(f, rnd(f, A * B) + A),
                      rnd(f, (double)iv[k]), rnd(f, (float)(A * 3.0 + 0.5))};
    static const char *op[8] = {"a+b", "a-b", "a*b", "a/b", "max", "a*b+a", "i.to", "a*3+0.5"};
    for (int r = 0; r < rows; r++) {
      snprintf(w, sizeof w, "%s %s a=%04x b=%04x i=%d", f->name, op[r], a[k], b[k], (int)iv[k]);
      same(w, k, decode(f, out[r * n + k]), want[r], r != 4);
    }
    snprintf(w, sizeof w, "%s to fp32 a=%04x", f->name, a[k]);
    same(w, k, f32[k], A * 0.25, 1);
    snprintf(w, sizeof w, "%s to int32 a=%04x", f->name, a[k]);
    same(w, k, iout[k], fabs(A) < 1000.0 ? trunc(A) : 0.0, 0);
  }
  for (int k = rows * n; k < rows * n + pad; k++)
    same("past the end (16-bit rows)", k, out[k], 0x1234, 0);
  for (int k = n; k < n + pad; k++) {
    same("past the end (fp32)", k, f32[k], -7.0, 0);
    same("past the end (int32)", k, iout[k], -7.0, 0);
  }
  free(out);
  free(f32);
  free(iout);
}

static void half_all(const Fmt *f) {
  int n = 65536;
  uint16_t *a = malloc(sizeof *a * (size_t)n), *b = malloc(sizeof *b * (size_t)n);
  int32_t *iv = malloc(sizeof *iv * (size_t)n);
  uint32_t s = 12345;
  static const int32_t edge[] = {0, 1, -1, 2049, 2051, 4097, 65504, 65519, 65520, 65536, -65520,
                                 16777217, 16777219, INT32_MAX, INT32_MIN, 33554435, -33554435};
  for (int k = 0; k < n; k++) {
    a[k] = (uint16_t)k;                      /* every pattern */
    b[k] = (uint16_t)(k * 40503u + 12345u); /* every pattern, in another order */
    int32_t r = (int32_t)lcg(&s);
    iv[k] = k < (int)(sizeof edge / sizeof *edge) ? edge[k] : r >> (k % 31);
  }
  half_run(f, n, a, b, iv);
  half_run(f, n - 5, a, b, iv); /* a partial last block */
  /* ties: b half an ulp of a (exponent lowered by mbits + 1), so a + b and a - b are exact
   * ties for normal a; and b = a with its lowest bit flipped */
  for (int k = 0; k < n; k++) {
    int e = (k >> f->mbits) & ((1 << f->ebits) - 1);
    b[k] = e > f->mbits + 1 && e < (1 << f->ebits) - 1 ? (uint16_t)(k - ((f->mbits + 1) << f->mbits))
                                                      : (uint16_t)(k ^ 1);
  }
  half_run(f, n, a, b, iv);
  free(a);
  free(b);
  free(iv);
}

/* x // d and x % d, truncating as C (and Triton's arith.divsi / remsi), int32 wrapping */
static const int32_t DIVS[8] = {7, -3, 16, -16, 1, -1, INT32_MAX, INT32_MIN};

static void divc_all(void) {
  int n = 0, cap = 400000;
  int32_t *x = malloc(sizeof *x * (size_t)cap);
  static const int32_t edge[] = {INT32_MIN, INT32_MIN + 1, INT32_MIN + 2, -1, 0, 1,
                                 INT32_MAX, INT32_MAX - 1, 1073741824, -1073741824};
  for (size_t k = 0; k < sizeof edge / sizeof *edge; k++)
    x[n++] = edge[k];
  for (int v = -70000; v < 70000; v++)
    x[n++] = v;
  for (int j = 0; j < 8; j++) /* around multiples of each divisor */
    for (int m = -200; m <= 200; m++)
      for (int o = -1; o <= 1; o++)
        x[n++] = (int32_t)(uint32_t)((uint64_t)(int64_t)DIVS[j] * (uint64_t)(int64_t)m + (uint64_t)(int64_t)o);
  uint32_t s = 99;
  while (n < cap - 3)
    x[n++] = (int32_t)lcg(&s);
  int pad = 40;
  int32_t *out = malloc(sizeof *out * (size_t)(16 * n + pad));
  for (int k = 0; k < 16 * n + pad; k++)
    out[k] = -7;
  divc_kernel(x, out, n);
  char w[64];
  for (int j = 0; j < 8; j++)
    for (int k = 0; k < n; k++) {
      int64_t q = (int64_t)x[k] / DIVS[j], r = (int64_t)x[k] - q * DIVS[j];
      snprintf(w, sizeof w, "%d // %d", (int)x[k], (int)DIVS[j]);
      same(w, k, out[2 * j * n + k], (double)(int32_t)(uint32_t)(uint64_t)q, 0);
      snprintf(w, sizeof w, "%d %% %d", (int)x[k], (int)DIVS[j]);
      same(w, k, out[(2 * j + 1) * n + k], (double)(int32_t)(uint32_t)(uint64_t)r, 0);
    }
  for (int k = 16 * n; k < 16 * n + pad; k++)
    same("divc past the end", k, out[k], -7, 0);
  free(x);
  free(out);
}

/* y[offs % 48] + offs // 48 over a flat index: a gather through the modulo */
static void bcast(int n) {
  int pad = 40;
  float *x = malloc(sizeof *x * (size_t)(n + pad)), *out = malloc(sizeof *out * (size_t)(n + pad));
  float y[48];
  for (int c = 0; c < 48; c++)
    y[c] = (float)c * 0.125f - 3.0f;
  for (int k = 0; k < n + pad; k++)
    x[k] = (float)(k % 1013) * 0.5f, out[k] = -7.0f;
  bcast_mod_kernel(x, y, out, n);
  for (int k = 0; k < n + pad; k++) {
    float want = k < n ? (x[k] + y[k % 48]) + (float)(k / 48) : -7.0f;
    same("bcast_mod", k, out[k], want, 1);
  }
  free(x);
  free(out);
}

int main(void) {
  half_all(&F16);
  half_all(&BF16);
  divc_all();
  bcast(48 * 1000);
  bcast(48 * 1000 + 13);
  bcast(7);
  printf("%lld bad\n", bad);
  return bad != 0;
}
