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

/* coefficients of p(v) = sum c[i] v^i, v = x - m, interpolating f at the d+1 Chebyshev nodes
 * of [a, b] */
static void fit_at(long double (*f)(long double), long double a, long double b, long double m,
                   int d, float *c) {
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
  /* Chebyshev series -> monomials in s = (x - centre) / h: T_{j+1} = 2 s T_j - T_{j-1} */
  long double t0[MAXD + 1] = {0}, t1[MAXD + 1] = {0}, t2[MAXD + 1], ms[MAXD + 1] = {0};
  t0[0] = 1;
  t1[1] = 1;
  for (int i = 0; i <= d; i++)
    ms[i] += ch[0] * t0[i] + (d >= 1 ? ch[1] * t1[i] : 0);
  for (int j = 2; j <= d; j++) {
    for (int i = 0; i <= d; i++)
      t2[i] = (i ? 2 * t1[i - 1] : 0) - t0[i];
    for (int i = 0; i <= d; i++) {
      ms[i] += ch[j] * t2[i];
      t0[i] = t1[i];
      t1[i] = t2[i];
    }
  }
  /* monomials in s -> monomials in v: s = (v + m - centre) / h; pw holds s^k in powers of v */
  long double h = (b - a) / 2, shift = m - (a + b) / 2, q[MAXD + 1] = {0}, pw[MAXD + 1] = {0};
  pw[0] = 1;
  for (int k = 0; k <= d; k++) {
    for (int i = 0; i <= d; i++)
      q[i] += ms[k] * pw[i];
    for (int i = d; i >= 0; i--)
      pw[i] = ((i ? pw[i - 1] : 0) + pw[i] * shift) / h;
  }
  for (int i = 0; i <= d; i++)
    c[i] = (float)q[i];
}

/* the same around the interval's centre */
static void cheb_fit(long double (*f)(long double), long double a, long double b, int d, float *c) {
  fit_at(f, a, b, (a + b) / 2, d, c);
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

/* ---- erf on AVX-512: |x| in 16 intervals [j/4, (j+1)/4), a degree-5 polynomial each, whose
 * coefficients a permute picks per lane; interval 0 as x + x * G(x), the others in powers of
 * (|x| - centre_j) ---- */
#define ERF_NI 16
#define ERF_D 5
static long double f_erf_over_x_m1(long double x) {
  return (x == 0 ? 2 / sqrtl(3.141592653589793238462643383279502884L) : erfl(x) / x) - 1;
}

static void erf_tables(float T[ERF_D + 2][ERF_NI]) {
  for (int j = 0; j < ERF_NI; j++) {
    float c[MAXD + 1];
    if (j == 0) { /* G(x) = erf(x)/x - 1 in powers of x; erf(x) = x + x * G(x) */
      fit_at(f_erf_over_x_m1, 0, 0.25L, 0, ERF_D - 1, c);
      T[0][0] = 0; /* centre */
      T[1][0] = 0; /* constant term: the x of x + x * G(x) is added instead */
      for (int i = 0; i < ERF_D; i++)
        T[i + 2][0] = c[i];
    } else {
      fit_at(f_erf, j / 4.0L, (j + 1) / 4.0L, (j + 0.5L) / 4, ERF_D, c);
      T[0][j] = (j + 0.5f) / 4;
      for (int i = 0; i <= ERF_D; i++)
        T[i + 1][j] = c[i];
    }
  }
}

/* erf(x) for x >= 0 exactly as tc_simd.h's AVX-512 code computes it */
static float erf_lut(float T[ERF_D + 2][ERF_NI], float x) {
  float ac = x < 0x1.fffffep+1f ? x : 0x1.fffffep+1f;
  int j = (int)(ac * 4.0f);
  float u = ac - T[0][j], p = T[ERF_D + 1][j];
  for (int i = ERF_D - 1; i >= 1; i--)
    p = fmaf(p, u, T[i + 1][j]);
  return fmaf(p, u, ac < 0.25f ? ac : T[1][j]);
}

/* ---- exp / exp2 on AVX-512: 2^(n/16) from a 16-entry table times e^r - 1 of degree 3 on
 * |r| <= ln2/32 (Taylor: the truncation is 0.15 ulp), as tc_simd.h computes them ---- */
static float exp_tab16(int j) { return (float)exp2l(j / 16.0L); }

static float exp_lut(float x, int base2) {
  float t = base2 ? fmaf(x, 16.0f, 0x1.8p23f) : fmaf(x, 0x1.715476p+4f, 0x1.8p23f);
  float nf = t - 0x1.8p23f, r;
  if (base2)
    r = fmaf(nf, -0.0625f, x) * 0x1.62e43p-1f;
  else
    r = fmaf(nf, 0x1.05c61p-33f, fmaf(nf, -0x1.62e43p-5f, x));
  float u = fmaf(fmaf(0x1.555556p-3f, r, 0.5f), r, 1.0f), q = u * r;
  float tj = exp_tab16((int)nf & 15);
  return ldexpf(fmaf(tj, q, tj), (int)floorf(nf * 0.0625f));
}

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

  float T[ERF_D + 2][ERF_NI];
  erf_tables(T);
  printf("erf tables (AVX-512): centre, then the coefficients of degree 0..%d\n", ERF_D);
  for (int i = 0; i < ERF_D + 2; i++) {
    printf("  {");
    for (int j = 0; j < ERF_NI; j++)
      printf("%a%s", (double)T[i][j], j < ERF_NI - 1 ? (j % 4 == 3 ? ",\n   " : ", ") : "},\n");
  }
  double wt16 = 0, wt16x = 0;
  for (long i = 1; i <= 45000000; i++) {
    float x = (float)(i * 1e-7L);
    double e = ulps(erf_lut(T, x), erfl(x));
    if (e > wt16) {
      wt16 = e;
      wt16x = x;
    }
  }
  for (int e2 = -149; e2 < -3; e2++) { /* tiny arguments, where erf(x) ~ 2x/sqrt(pi) */
    float x = ldexpf(1.2345f, e2);
    double e = ulps(erf_lut(T, x), erfl(x));
    if (e > wt16) {
      wt16 = e;
      wt16x = x;
    }
  }
  printf("erf (AVX-512 tables): worst %.3f ulp (at %a) on [0, 4.5]\n", wt16, wt16x);

  printf("2^(j/16), j = 0..15 (AVX-512 exp table):\n ");
  for (int j = 0; j < 16; j++)
    printf(" %a%s", (double)exp_tab16(j), j % 4 == 3 ? ",\n " : ",");
  double wx1 = 0, wx2 = 0;
  for (long i = -8700000; i <= 8700000; i++) { /* e^x where neither overflows nor underflows */
    float x = (float)(i * 1e-5L);
    double e1 = ulps(exp_lut(x, 0), expl(x)), e2 = ulps(exp_lut(x * 1.4375f, 1), exp2l(x * 1.4375f));
    wx1 = e1 > wx1 ? e1 : wx1;
    wx2 = e2 > wx2 ? e2 : wx2;
  }
  printf("\nexp (AVX-512 table): worst %.3f ulp, exp2 %.3f ulp on [-87, 87] (exp2: [-125, 125])\n",
         wx1, wx2);
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
