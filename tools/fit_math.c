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

/* ---- erf on AVX-512: k = round(4|x|) (|x| clamped below 4, where erf rounds to 1) picks one
 * of 17 intervals centred on k/4, u = 4|x| - k in [-1/2, 1/2] (both exact, from one fma that
 * rounds to an integer and leaves k in the low bits for the permutes); interval 0 computes
 * erf(x) = x + u * P_0(u) with u * P_0(u) = x * G(x), G(x) = erf(x)/x - 1, so tiny arguments
 * keep full relative accuracy; the others erf(x) = B_k + u * P_k(u). P_k has degree ERF_D - 1
 * (two-table permutes, 32 entries); B_k, k = 1..16, sits in a 16-entry table with B_16 in
 * slot 0, which interval 0 does not read ---- */
#define ERF_NK 17
#define ERF_D 5
static int erf_k;
static long double f_erf_k(long double u) { return erfl((erf_k + u) / 4); }
static long double f_erf_g0(long double u) { /* G(x) / 4 for x = u / 4: u P_0(u) = x G(x) */
  long double x = u / 4;
  return (x == 0 ? 2 / sqrtl(3.141592653589793238462643383279502884L) : erfl(x) / x) / 4 - 0.25L;
}

/* B[k] the constant terms (B[0] unused), P[i][k] the coefficient of u^i of P_k */
static void erf_tables(float B[ERF_NK], float P[ERF_D][ERF_NK]) {
  for (int k = 0; k < ERF_NK; k++) {
    float c[MAXD + 1];
    if (k == 0) {
      fit_at(f_erf_g0, 0, 0.5L, 0, ERF_D - 1, c);
      B[0] = 0;
      for (int i = 0; i < ERF_D; i++)
        P[i][0] = c[i];
    } else {
      erf_k = k;
      fit_at(f_erf_k, -0.5L, k == ERF_NK - 1 ? 0.0L : 0.5L, 0, ERF_D, c);
      B[k] = c[0];
      for (int i = 0; i < ERF_D; i++)
        P[i][k] = c[i + 1];
    }
  }
}

/* erf(x) for x >= 0 exactly as tc_simd.h's AVX-512 code computes it */
static float erf_lut(float B[ERF_NK], float P[ERF_D][ERF_NK], float x) {
  float ac = x < 0x1.fffffep+1f ? x : 0x1.fffffep+1f;
  float tm = fmaf(ac, 4.0f, 0x1.8p23f), kf = tm - 0x1.8p23f, u = fmaf(ac, 4.0f, -kf);
  int k = (int)kf;
  float p = P[ERF_D - 1][k];
  for (int i = ERF_D - 2; i >= 0; i--)
    p = fmaf(p, u, P[i][k]);
  return fmaf(p, u, ac > 0.125f ? B[k] : ac);
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

  float B[ERF_NK], P[ERF_D][ERF_NK];
  erf_tables(B, P);
  printf("erf tables (AVX-512): B_k in a 16-entry table (B_16 in slot 0)\n  {");
  for (int j = 0; j < 16; j++)
    printf("%a%s", (double)B[j ? j : 16], j < 15 ? (j % 4 == 3 ? ",\n   " : ", ") : "},\n");
  printf("then the coefficients of u^0..u^%d of P_k, 32-entry tables (slots 17..31 zero)\n", ERF_D - 1);
  for (int i = 0; i < ERF_D; i++) {
    printf("  {");
    for (int j = 0; j < 32; j++)
      printf("%a%s", j < ERF_NK ? (double)P[i][j] : 0.0, j < 31 ? (j % 4 == 3 ? ",\n   " : ", ") : "},\n");
  }
  double wt16 = 0, wt16x = 0;
  for (long i = 1; i <= 45000000; i++) {
    float x = (float)(i * 1e-7L);
    double e = ulps(erf_lut(B, P, x), erfl(x));
    if (e > wt16) {
      wt16 = e;
      wt16x = x;
    }
  }
  for (int e2 = -149; e2 < -3; e2++) { /* tiny arguments, where erf(x) ~ 2x/sqrt(pi) */
    float x = ldexpf(1.2345f, e2);
    double e = ulps(erf_lut(B, P, x), erfl(x));
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
