/* tools/fit_math.c — derive the polynomial coefficients used by the vector exp / erf in
 * runtime/tc_simd.h, and report the error of the resulting float evaluation.
 *
 *   cc -O2 tools/fit_math.c -o fit_math -lm && ./fit_math
 *
 * Each polynomial is a Chebyshev interpolant of the target function (computed in long double at
 * the Chebyshev nodes of the interval), converted to powers of (x - centre), rounded to float.
 * The report evaluates the float formula exactly as tc_simd.h does (Horner with fmaf) over a
 * dense sweep and prints the worst error in float ULPs against the long double function.
 * Not part of the build; kept so that the constants in tc_simd.h can be re-derived.
 */
#include <math.h>
#include <stdio.h>

#define MAXD 24

/* coefficients of p(u) = sum c[i] u^i, u = x - (a+b)/2, interpolating f at d+1 Chebyshev nodes */
static void cheb_fit(long double (*f)(long double), long double a, long double b, int d, float *c) {
  long double ch[MAXD + 1] = {0}, fx[MAXD + 1];
  const long double pi = 3.141592653589793238462643383279502884L;
  int n = d + 1;
  for (int k = 0; k < n; k++) {
    long double s = cosl(pi * (k + 0.5L) / n);
    fx[k] = f((a + b) / 2 + s * (b - a) / 2);
  }
  for (int j = 0; j < n; j++) {
    long double sum = 0;
    for (int k = 0; k < n; k++)
      sum += fx[k] * cosl(pi * j * (k + 0.5L) / n);
    ch[j] = 2 * sum / n;
  }
  ch[0] /= 2;
  /* Chebyshev series -> monomials in s: T_{j+1} = 2 s T_j - T_{j-1} */
  long double t0[MAXD + 1] = {0}, t1[MAXD + 1] = {0}, t2[MAXD + 1], m[MAXD + 1] = {0};
  t0[0] = 1;
  t1[1] = 1;
  for (int i = 0; i <= d; i++)
    m[i] += ch[0] * t0[i] + (d >= 1 ? ch[1] * t1[i] : 0);
  for (int j = 2; j <= d; j++) {
    for (int i = 0; i <= d; i++)
      t2[i] = (i ? 2 * t1[i - 1] : 0) - t0[i];
    for (int i = 0; i <= d; i++) {
      m[i] += ch[j] * t2[i];
      t0[i] = t1[i];
      t1[i] = t2[i];
    }
  }
  long double h = (b - a) / 2, hp = 1;
  for (int i = 0; i <= d; i++, hp *= h)
    c[i] = (float)(m[i] / hp);
}

static float horner(const float *c, int d, float u) {
  float p = c[d];
  for (int i = d - 1; i >= 0; i--)
    p = fmaf(p, u, c[i]);
  return p;
}

static double ulps(float got, long double want) {
  long double aw = fabsl(want);
  if (aw < 0x1p-126L)
    aw = 0x1p-126L;
  int e;
  frexpl(aw, &e);
  return (double)(fabsl((long double)got - want) / ldexpl(1.0L, e - 24));
}

static void print(const char *name, const float *c, int d) {
  printf("%s (degree %d):\n", name, d);
  for (int i = 0; i <= d; i++)
    printf("  %.9gf%s /* %a */\n", (double)c[i], i < d ? "," : "", (double)c[i]);
}

/* ---- exp: 2^n * e^r, r in [-ln2/2, ln2/2] ---- */
static long double f_exp(long double r) { return expl(r); }

/* ---- erf: |x| < 1.5 as x + x * P(x^2); 1.5 <= |x| <= 4 as a polynomial in |x| ---- */
static long double f_erf_small(long double t) {
  if (t == 0)
    return 2 / sqrtl(3.141592653589793238462643383279502884L) - 1;
  long double x = sqrtl(t);
  return erfl(x) / x - 1;
}
static long double f_erf(long double x) { return erfl(x); }

/* ---- tanh: |x| < 0.625 as x + x * T(x^2); larger through e^(2|x|) ---- */
static long double f_tanh_small(long double t) {
  if (t == 0)
    return 0;
  long double x = sqrtl(t);
  return tanhl(x) / x - 1;
}

int main(void) {
  float ce[MAXD + 1], cs[MAXD + 1], cl[MAXD + 1], ct[MAXD + 1];
  const int de = 7, ds = 7, dl = 12, dt = 6;
  const long double ln2 = 0.693147180559945309417232121458176568L;
  cheb_fit(f_exp, -ln2 / 2, ln2 / 2, de, ce);
  cheb_fit(f_erf_small, 0, 2.25L, ds, cs);
  cheb_fit(f_erf, 1.5L, 4, dl, cl);
  cheb_fit(f_tanh_small, 0, 0.390625L, dt, ct);
  printf("ln2 = %a + %a\n", (double)(float)ln2, (double)(float)(ln2 - (float)ln2));
  print("exp(r), r in [-ln2/2, ln2/2]", ce, de);
  print("erf(x)/x - 1 = P(x^2), in powers of (x^2 - 1.125)", cs, ds);
  print("erf(x) on [1.5, 4], in powers of (x - 2.75)", cl, dl);
  print("tanh(x)/x - 1 = T(x^2), in powers of (x^2 - 0.1953125)", ct, dt);

  /* exp core error, r swept over the reduced interval */
  double we = 0;
  for (int i = 0; i <= 2000000; i++) {
    float r = (float)(-ln2 / 2 + ln2 * i / 2000000);
    double e = ulps(horner(ce, de, r), expl(r));
    if (e > we)
      we = e;
  }
  printf("exp core: worst %.3f ulp\n", we);
  /* erf error over [0, 4.5], both pieces as tc_simd.h evaluates them */
  double ws = 0, wl = 0;
  for (int i = 1; i <= 4500000; i++) {
    float x = (float)(i * 1e-6L);
    float y;
    if (x < 1.5f) {
      y = fmaf(x, horner(cs, ds, fmaf(x, x, -1.125f)), x);
      double e = ulps(y, erfl(x));
      if (e > ws)
        ws = e;
    } else {
      float xc = x < 4.0f ? x : 4.0f;
      y = horner(cl, dl, xc - 2.75f);
      double e = ulps(y, erfl(x));
      if (e > wl)
        wl = e;
    }
  }
  printf("erf: worst %.3f ulp on [0, 1.5), %.3f ulp on [1.5, 4.5]\n", ws, wl);
  double wt = 0, wu = 0;
  for (int i = 1; i <= 10000000; i++) {
    float x = (float)(i * 1e-6L);
    if (x < 0.625f) {
      double e = ulps(fmaf(x, horner(ct, dt, fmaf(x, x, -0.1953125f)), x), tanhl(x));
      if (e > wt)
        wt = e;
    } else {
      float ex = expf(2 * x);
      double e = ulps(1.0f - 2.0f / (ex + 1.0f), tanhl(x));
      if (e > wu)
        wu = e;
    }
  }
  printf("tanh: worst %.3f ulp on [0, 0.625), %.3f ulp on [0.625, 10]\n", wt, wu);
  return 0;
}
