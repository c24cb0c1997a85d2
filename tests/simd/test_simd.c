/* test_simd.c — checks every function of runtime/tc_simd.h against plain scalar C written here.
 *
 * The references below never call the vector layer (nor its internal tc__ helpers): fp16 / bf16
 * conversions are recomputed with double arithmetic, math with double-precision libm.
 * Buffers for _n / _mask accesses are heap blocks of exactly the elements that may be touched,
 * so an access past them trips AddressSanitizer. Prints "PASS group" / "FAIL group: detail"
 * lines and ends with "N passed, N failed"; exit status 1 on any failure.
 */
#ifdef TC_AMX_MODEL /* the tile instructions as C (tests/simd/run.sh, level avx512-amx-model) */
#include "amx_model.h"
#endif
#include "../../runtime/tc_simd.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VL TC_VLEN
#define VL64 TC_VLEN64

/* ------------------------------------------------------------------------ test bookkeeping */
static int n_pass, n_fail, cur_errors;
static const char *cur_group;

static void begin(const char *g) {
  cur_group = g;
  cur_errors = 0;
}
static void fail(const char *fmt, ...) {
  if (cur_errors++ < 5) {
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL %s: ", cur_group);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
  }
}
static void end(void) {
  if (cur_errors == 0) {
    printf("PASS %s\n", cur_group);
    n_pass++;
  } else {
    if (cur_errors > 5)
      printf("FAIL %s: (%d errors in all)\n", cur_group, cur_errors);
    n_fail++;
  }
}

/* ------------------------------------------------------------------------ values and helpers */
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 16);
}
static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float bitsf(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static int is_nan(float f) { return f != f; }
/* same value: bit-identical, or both NaN */
static int same(float a, float b) { return (is_nan(a) && is_nan(b)) || fbits(a) == fbits(b); }

static const float specials[] = {0.0f,  -0.0f,    1.0f,     -1.0f,     0.5f,       -2.5f,
                                 3.0f,  INFINITY, -INFINITY, NAN,      -NAN,       FLT_MAX,
                                 -FLT_MAX, FLT_MIN, -FLT_MIN, 0x1p-149f, -0x1p-140f, 1e-30f,
                                 65504.0f, 1e10f,  -7.0f,    100.25f};
#define N_SPECIALS ((int)(sizeof specials / sizeof specials[0]))

/* a random float: specials, moderate values, or any bit pattern */
static float rnd_f32(void) {
  uint32_t k = rnd() % 8;
  if (k < 2)
    return specials[rnd() % N_SPECIALS];
  if (k < 6)
    return ((float)(rnd() % 2000001) - 1000000.0f) / 1000.0f;
  return bitsf(rnd());
}
/* a random finite float of moderate size */
static float rnd_fin(void) { return ((float)(rnd() % 2000001) - 1000000.0f) / 997.0f; }

static int32_t rnd_i32(void) {
  static const int32_t sp[] = {0, 1, -1, INT32_MIN, INT32_MAX, 2, -2, 1000, -1000, 65536};
  uint32_t k = rnd() % 4;
  if (k == 0)
    return sp[rnd() % 10];
  if (k == 1)
    return (int32_t)(rnd() % 201) - 100;
  return (int32_t)rnd();
}

static tc_vf32 vf(const float *a) { return tc_f32_load(a); }
static void of(float *o, tc_vf32 v) { tc_f32_store(o, v); }
static tc_vi32 vi(const int32_t *a) { return tc_i32_load(a); }
static void oi(int32_t *o, tc_vi32 v) { tc_i32_store(o, v); }
static unsigned all_bits(void) { return VL == 32 ? 0xffffffffu : (1u << VL) - 1u; }
static unsigned rnd_bits(void) { return rnd() & all_bits(); }
static int lane_on(unsigned bits, int i) { return (int)((bits >> i) & 1u); }
static int highest_lane(unsigned bits) {
  int h = -1;
  for (int i = 0; i < VL; i++)
    if (lane_on(bits, i))
      h = i;
  return h;
}

/* ------------------------------------------------------------------------------------ masks */
static void test_masks(void) {
  begin("mask_first_n_bits");
  for (int n = -3; n <= VL + 3; n++) {
    unsigned want = n <= 0 ? 0u : n >= VL ? all_bits() : (1u << n) - 1u;
    if (tc_mask_bits(tc_mask_first_n(n)) != want)
      fail("n=%d bits=%x want=%x", n, tc_mask_bits(tc_mask_first_n(n)), want);
  }
  if (tc_mask_bits(tc_mask_true()) != all_bits() || tc_mask_bits(tc_mask_false()) != 0)
    fail("true/false");
  end();

  begin("mask_from_bits_roundtrip");
  unsigned limit = VL >= 16 ? 0x10000u : (1u << VL);
  for (unsigned b = 0; b < limit; b++) {
    unsigned bb = VL > 16 ? (b | (b << 16)) : b;
    if (tc_mask_bits(tc_mask_from_bits(bb)) != bb)
      fail("bits %x -> %x", bb, tc_mask_bits(tc_mask_from_bits(bb)));
  }
  end();

  begin("mask_logic_all_any");
  for (int t = 0; t < 2000; t++) {
    unsigned a = rnd_bits(), b = rnd_bits();
    if (t % 7 == 0)
      a = all_bits();
    if (t % 11 == 0)
      b = 0;
    tc_vmask ma = tc_mask_from_bits(a), mb = tc_mask_from_bits(b);
    if (tc_mask_bits(tc_mask_and(ma, mb)) != (a & b))
      fail("and %x %x", a, b);
    if (tc_mask_bits(tc_mask_or(ma, mb)) != (a | b))
      fail("or %x %x", a, b);
    if (tc_mask_bits(tc_mask_xor(ma, mb)) != (a ^ b))
      fail("xor %x %x", a, b);
    if (tc_mask_bits(tc_mask_not(ma)) != (~a & all_bits()))
      fail("not %x", a);
    if (tc_mask_all(ma) != (a == all_bits()))
      fail("all %x", a);
    if (tc_mask_any(mb) != (b != 0))
      fail("any %x", b);
  }
  end();
}

/* ------------------------------------------------------------------------- f32 memory */
static void test_f32_memory(void) {
  float src[VL], out[VL];

  begin("f32_load_store_splat");
  for (int t = 0; t < 200; t++) {
    for (int i = 0; i < VL; i++)
      src[i] = rnd_f32();
    of(out, tc_f32_load(src));
    for (int i = 0; i < VL; i++)
      if (fbits(out[i]) != fbits(src[i]))
        fail("lane %d", i);
    float s = rnd_f32();
    of(out, tc_f32_splat(s));
    for (int i = 0; i < VL; i++)
      if (fbits(out[i]) != fbits(s))
        fail("splat lane %d", i);
  }
  end();

  begin("f32_load_n");
  for (int n = 0; n <= VL; n++) {
    float *buf = malloc(sizeof(float) * (size_t)n);
    for (int i = 0; i < n; i++)
      buf[i] = rnd_f32();
    of(out, tc_f32_load_n(buf, n, -3.5f));
    for (int i = 0; i < VL; i++)
      if (!same(out[i], i < n ? buf[i] : -3.5f))
        fail("n=%d lane %d", n, i);
    free(buf);
  }
  {
    float *buf = malloc(sizeof(float) * (size_t)(VL + 3));
    for (int i = 0; i < VL + 3; i++)
      buf[i] = (float)i;
    of(out, tc_f32_load_n(buf, VL + 3, 9.0f));
    for (int i = 0; i < VL; i++)
      if (out[i] != (float)i)
        fail("n>VL lane %d", i);
    of(out, tc_f32_load_n(buf, -2, 9.0f));
    for (int i = 0; i < VL; i++)
      if (out[i] != 9.0f)
        fail("n<0 lane %d", i);
    free(buf);
  }
  end();

  begin("f32_store_n");
  for (int n = 0; n <= VL; n++) {
    float *buf = malloc(sizeof(float) * (size_t)n), big[VL];
    for (int i = 0; i < VL; i++) {
      src[i] = rnd_f32();
      big[i] = 12345.0f;
    }
    tc_f32_store_n(buf, vf(src), n);
    tc_f32_store_n(big, vf(src), n);
    for (int i = 0; i < n; i++)
      if (fbits(buf[i]) != fbits(src[i]))
        fail("n=%d lane %d", n, i);
    for (int i = 0; i < VL; i++)
      if (fbits(big[i]) != fbits(i < n ? src[i] : 12345.0f))
        fail("n=%d untouched lane %d", n, i);
    free(buf);
  }
  end();

  begin("f32_store_nt"); /* streaming or not, aligned or not: the same values land */
  {
    float *buf = aligned_alloc(64, sizeof(float) * 4 * VL);
    for (int off = 0; off < 2 * VL; off++)
      for (int nt = 0; nt < 2; nt++) {
        for (int i = 0; i < 4 * VL; i++)
          buf[i] = -1.0f;
        for (int i = 0; i < VL; i++)
          src[i] = rnd_f32();
        tc_f32_store_nt(buf + off, vf(src), nt);
        tc_stream_fence();
        for (int i = 0; i < 4 * VL; i++) {
          float want = i >= off && i < off + VL ? src[i - off] : -1.0f;
          if (fbits(buf[i]) != fbits(want))
            fail("offset %d nt %d element %d", off, nt, i);
        }
      }
    free(buf);
  }
  end();

  begin("f32_load_store_mask");
  for (int t = 0; t < 300; t++) {
    unsigned bits = t == 0 ? 0 : t == 1 ? all_bits() : rnd_bits();
    int len = highest_lane(bits) + 1; /* buffer ends right after the last active lane */
    float *buf = malloc(sizeof(float) * (size_t)len);
    for (int i = 0; i < len; i++)
      buf[i] = rnd_f32();
    of(out, tc_f32_load_mask(buf, tc_mask_from_bits(bits), 0.25f));
    for (int i = 0; i < VL; i++)
      if (!same(out[i], lane_on(bits, i) ? buf[i] : 0.25f))
        fail("load bits=%x lane %d", bits, i);
    for (int i = 0; i < VL; i++)
      src[i] = rnd_f32();
    float *keep = malloc(sizeof(float) * (size_t)len);
    memcpy(keep, buf, sizeof(float) * (size_t)len);
    tc_f32_store_mask(buf, vf(src), tc_mask_from_bits(bits));
    for (int i = 0; i < len; i++)
      if (fbits(buf[i]) != fbits(lane_on(bits, i) ? src[i] : keep[i]))
        fail("store bits=%x lane %d", bits, i);
    free(keep);
    free(buf);
  }
  end();

  begin("f32_gather_scatter");
  enum { NB = 97 };
  float *base = malloc(sizeof(float) * NB);
  for (int t = 0; t < 300; t++) {
    int32_t idx[VL];
    unsigned bits = t == 0 ? 0 : t == 1 ? all_bits() : rnd_bits();
    for (int i = 0; i < NB; i++)
      base[i] = rnd_f32();
    for (int i = 0; i < VL; i++) /* off lanes point far away: touching them would crash */
      idx[i] = lane_on(bits, i) ? (int32_t)(rnd() % NB) : (i & 1 ? 0x10000000 : -0x10000000);
    of(out, tc_f32_gather(base, vi(idx), tc_mask_from_bits(bits), -1.0f));
    for (int i = 0; i < VL; i++)
      if (!same(out[i], lane_on(bits, i) ? base[idx[i]] : -1.0f))
        fail("gather bits=%x lane %d", bits, i);
    /* scatter with colliding indices: the highest active lane wins */
    float want[NB];
    for (int i = 0; i < VL; i++) {
      src[i] = rnd_f32();
      if (lane_on(bits, i))
        idx[i] = (int32_t)(rnd() % 8);
    }
    memcpy(want, base, sizeof want);
    for (int i = 0; i < VL; i++)
      if (lane_on(bits, i))
        want[idx[i]] = src[i];
    tc_f32_scatter(base, vi(idx), vf(src), tc_mask_from_bits(bits));
    for (int i = 0; i < NB; i++)
      if (fbits(base[i]) != fbits(want[i]))
        fail("scatter bits=%x elem %d", bits, i);
  }
  free(base);
  end();
}

/* ---------------------------------------------------------------------- f32 arithmetic */
/* NaN operand loses (any NaN, signalling included; glibc fminf differs on signalling NaN) */
static float ref_min(float a, float b) { return is_nan(a) ? b : is_nan(b) ? a : a < b ? a : b; }
static float ref_max(float a, float b) { return is_nan(a) ? b : is_nan(b) ? a : a > b ? a : b; }
static float ref_minp(float a, float b) { return is_nan(a) || is_nan(b) ? NAN : ref_min(a, b); }
static float ref_maxp(float a, float b) { return is_nan(a) || is_nan(b) ? NAN : ref_max(a, b); }
static int zeros(float a, float b) { return a == 0.0f && b == 0.0f; }

static void test_f32_arith(void) {
  float a[VL], b[VL], c[VL], o[VL];
  const char *names[] = {"f32_add",  "f32_sub",  "f32_mul", "f32_div",     "f32_min",
                         "f32_max",  "f32_minp", "f32_maxp", "f32_min_acc", "f32_max_acc",
                         "f32_fma",  "f32_muladd"};
  for (int op = 0; op < 12; op++) {
    begin(names[op]);
    for (int t = 0; t < 3000; t++) {
      for (int i = 0; i < VL; i++) {
        a[i] = rnd_f32();
        b[i] = rnd_f32();
        c[i] = rnd_f32();
      }
      if (t < N_SPECIALS)
        for (int i = 0; i < VL; i++)
          b[i] = specials[(t + i) % N_SPECIALS], a[i] = specials[t];
      if (op == 8 || op == 9) /* an accumulator is never NaN */
        for (int i = 0; i < VL; i++)
          a[i] = is_nan(a[i]) ? (float)i : a[i];
      tc_vf32 va = vf(a), vb = vf(b), vc = vf(c), r;
      switch (op) {
      case 0: r = tc_f32_add(va, vb); break;
      case 1: r = tc_f32_sub(va, vb); break;
      case 2: r = tc_f32_mul(va, vb); break;
      case 3: r = tc_f32_div(va, vb); break;
      case 4: r = tc_f32_min(va, vb); break;
      case 5: r = tc_f32_max(va, vb); break;
      case 6: r = tc_f32_minp(va, vb); break;
      case 7: r = tc_f32_maxp(va, vb); break;
      case 8: r = tc_f32_min_acc(va, vb); break;
      case 9: r = tc_f32_max_acc(va, vb); break;
      case 10: r = tc_f32_fma(va, vb, vc); break;
      default: r = tc_f32_muladd(va, vb, vc); break;
      }
      of(o, r);
      for (int i = 0; i < VL; i++) {
        float w;
        switch (op) {
        case 0: w = a[i] + b[i]; break;
        case 1: w = a[i] - b[i]; break;
        case 2: w = a[i] * b[i]; break;
        case 3: w = a[i] / b[i]; break;
        case 4: w = ref_min(a[i], b[i]); break;
        case 5: w = ref_max(a[i], b[i]); break;
        case 6: w = ref_minp(a[i], b[i]); break;
        case 7: w = ref_maxp(a[i], b[i]); break;
        case 8: w = ref_min(a[i], b[i]); break;
        case 9: w = ref_max(a[i], b[i]); break;
        case 10: w = fmaf(a[i], b[i], c[i]); break;
        default: { /* fused where the level has FMA, else two roundings */
#if defined(TC_SIMD_SCALAR) && !defined(FP_FAST_FMAF)
          volatile float p = a[i] * b[i];
          w = p + c[i];
#else
          w = fmaf(a[i], b[i], c[i]);
#endif
          break;
        }
        }
        if (op >= 4 && op <= 9 && zeros(a[i], b[i]) && o[i] == 0.0f)
          continue; /* min/max of +0 and -0 may give either */
        if (!same(o[i], w))
          fail("a=%a b=%a c=%a got %a want %a", a[i], b[i], c[i], o[i], w);
      }
    }
    end();
  }

  begin("f32_neg_abs_sqrt_bitcast");
  for (int t = 0; t < 3000; t++) {
    for (int i = 0; i < VL; i++)
      a[i] = t < N_SPECIALS ? specials[(t + i) % N_SPECIALS] : rnd_f32();
    int32_t ib[VL];
    of(o, tc_f32_neg(vf(a)));
    for (int i = 0; i < VL; i++)
      if (fbits(o[i]) != (fbits(a[i]) ^ 0x80000000u))
        fail("neg %a -> %a", a[i], o[i]);
    of(o, tc_f32_abs(vf(a)));
    for (int i = 0; i < VL; i++)
      if (fbits(o[i]) != (fbits(a[i]) & 0x7fffffffu))
        fail("abs %a -> %a", a[i], o[i]);
    of(o, tc_f32_sqrt(vf(a)));
    for (int i = 0; i < VL; i++)
      if (!same(o[i], sqrtf(a[i])))
        fail("sqrt %a -> %a", a[i], o[i]);
    oi(ib, tc_f32_as_i32(vf(a)));
    for (int i = 0; i < VL; i++)
      if ((uint32_t)ib[i] != fbits(a[i]))
        fail("as_i32 %a", a[i]);
    of(o, tc_i32_as_f32(vi(ib)));
    for (int i = 0; i < VL; i++)
      if (fbits(o[i]) != fbits(a[i]))
        fail("as_f32 %a", a[i]);
  }
  end();

  begin("f32_compare_select");
  for (int t = 0; t < 3000; t++) {
    for (int i = 0; i < VL; i++) {
      a[i] = rnd_f32();
      b[i] = (rnd() % 4 == 0) ? a[i] : rnd_f32();
      if (t < N_SPECIALS)
        a[i] = specials[t], b[i] = specials[(t + i) % N_SPECIALS];
    }
    tc_vf32 va = vf(a), vb = vf(b);
    unsigned lt = tc_mask_bits(tc_f32_lt(va, vb)), le = tc_mask_bits(tc_f32_le(va, vb));
    unsigned gt = tc_mask_bits(tc_f32_gt(va, vb)), ge = tc_mask_bits(tc_f32_ge(va, vb));
    unsigned eq = tc_mask_bits(tc_f32_eq(va, vb)), ne = tc_mask_bits(tc_f32_ne(va, vb));
    for (int i = 0; i < VL; i++) {
      if (lane_on(lt, i) != (a[i] < b[i]) || lane_on(le, i) != (a[i] <= b[i]) ||
          lane_on(gt, i) != (a[i] > b[i]) || lane_on(ge, i) != (a[i] >= b[i]) ||
          lane_on(eq, i) != (a[i] == b[i]) || lane_on(ne, i) != (a[i] != b[i]))
        fail("compare %a %a", a[i], b[i]);
    }
    unsigned bits = rnd_bits();
    of(o, tc_f32_select(tc_mask_from_bits(bits), va, vb));
    for (int i = 0; i < VL; i++)
      if (fbits(o[i]) != fbits(lane_on(bits, i) ? a[i] : b[i]))
        fail("select lane %d", i);
    /* a compare result used directly as a select mask */
    of(o, tc_f32_select(tc_f32_lt(va, vb), va, vb));
    for (int i = 0; i < VL; i++)
      if (fbits(o[i]) != fbits(a[i] < b[i] ? a[i] : b[i]))
        fail("select(lt) lane %d", i);
  }
  end();
}

/* ------------------------------------------------------------------------------- int32 */
static int32_t wrap(uint32_t u) { return (int32_t)u; }
static int32_t ref_sar(int32_t a, int s) { return a >= 0 ? a >> s : ~(~a >> s); }

static void test_i32(void) {
  int32_t a[VL], b[VL], o[VL];
  const char *names[] = {"i32_add", "i32_sub", "i32_mul", "i32_and", "i32_or", "i32_xor",
                         "i32_shl", "i32_shr", "i32_shru", "i32_min", "i32_max"};
  for (int op = 0; op < 11; op++) {
    begin(names[op]);
    for (int t = 0; t < 3000; t++) {
      for (int i = 0; i < VL; i++) {
        a[i] = rnd_i32();
        b[i] = op >= 6 && op <= 8 ? (int32_t)(rnd() % 32) : rnd_i32();
      }
      tc_vi32 va = vi(a), vb = vi(b), r;
      switch (op) {
      case 0: r = tc_i32_add(va, vb); break;
      case 1: r = tc_i32_sub(va, vb); break;
      case 2: r = tc_i32_mul(va, vb); break;
      case 3: r = tc_i32_and(va, vb); break;
      case 4: r = tc_i32_or(va, vb); break;
      case 5: r = tc_i32_xor(va, vb); break;
      case 6: r = tc_i32_shl(va, vb); break;
      case 7: r = tc_i32_shr(va, vb); break;
      case 8: r = tc_i32_shru(va, vb); break;
      case 9: r = tc_i32_min(va, vb); break;
      default: r = tc_i32_max(va, vb); break;
      }
      oi(o, r);
      for (int i = 0; i < VL; i++) {
        uint32_t ua = (uint32_t)a[i], ub = (uint32_t)b[i];
        int32_t w;
        switch (op) {
        case 0: w = wrap(ua + ub); break;
        case 1: w = wrap(ua - ub); break;
        case 2: w = wrap(ua * ub); break;
        case 3: w = a[i] & b[i]; break;
        case 4: w = a[i] | b[i]; break;
        case 5: w = a[i] ^ b[i]; break;
        case 6: w = wrap(ua << ub); break;
        case 7: w = ref_sar(a[i], b[i]); break;
        case 8: w = wrap(ua >> ub); break;
        case 9: w = a[i] < b[i] ? a[i] : b[i]; break;
        default: w = a[i] > b[i] ? a[i] : b[i]; break;
        }
        if (o[i] != w)
          fail("a=%d b=%d got %d want %d", a[i], b[i], o[i], w);
      }
    }
    end();
  }

  begin("i32_compare_select");
  for (int t = 0; t < 3000; t++) {
    for (int i = 0; i < VL; i++) {
      a[i] = rnd_i32();
      b[i] = rnd() % 4 == 0 ? a[i] : rnd_i32();
    }
    tc_vi32 va = vi(a), vb = vi(b);
    unsigned lt = tc_mask_bits(tc_i32_lt(va, vb)), le = tc_mask_bits(tc_i32_le(va, vb));
    unsigned gt = tc_mask_bits(tc_i32_gt(va, vb)), ge = tc_mask_bits(tc_i32_ge(va, vb));
    unsigned eq = tc_mask_bits(tc_i32_eq(va, vb)), ne = tc_mask_bits(tc_i32_ne(va, vb));
    for (int i = 0; i < VL; i++)
      if (lane_on(lt, i) != (a[i] < b[i]) || lane_on(le, i) != (a[i] <= b[i]) ||
          lane_on(gt, i) != (a[i] > b[i]) || lane_on(ge, i) != (a[i] >= b[i]) ||
          lane_on(eq, i) != (a[i] == b[i]) || lane_on(ne, i) != (a[i] != b[i]))
        fail("compare %d %d", a[i], b[i]);
    unsigned bits = rnd_bits();
    oi(o, tc_i32_select(tc_mask_from_bits(bits), va, vb));
    for (int i = 0; i < VL; i++)
      if (o[i] != (lane_on(bits, i) ? a[i] : b[i]))
        fail("select lane %d", i);
  }
  end();

  begin("i32_splat_iota");
  {
    const int32_t starts[] = {0, 5, -3, INT32_MAX - 2, INT32_MIN, 1000000};
    for (int s = 0; s < 6; s++) {
      oi(o, tc_i32_iota(starts[s]));
      for (int i = 0; i < VL; i++)
        if (o[i] != wrap((uint32_t)starts[s] + (uint32_t)i))
          fail("iota(%d) lane %d = %d", starts[s], i, o[i]);
      oi(o, tc_i32_splat(starts[s]));
      for (int i = 0; i < VL; i++)
        if (o[i] != starts[s])
          fail("splat lane %d", i);
    }
  }
  end();

  begin("i32_load_store_n_mask");
  for (int n = 0; n <= VL; n++) {
    int32_t *buf = malloc(sizeof(int32_t) * (size_t)n), big[VL];
    for (int i = 0; i < n; i++)
      buf[i] = rnd_i32();
    oi(o, tc_i32_load_n(buf, n, -77));
    for (int i = 0; i < VL; i++)
      if (o[i] != (i < n ? buf[i] : -77))
        fail("load_n n=%d lane %d", n, i);
    for (int i = 0; i < VL; i++) {
      a[i] = rnd_i32();
      big[i] = 4242;
    }
    tc_i32_store_n(buf, vi(a), n);
    tc_i32_store_n(big, vi(a), n);
    for (int i = 0; i < n; i++)
      if (buf[i] != a[i])
        fail("store_n n=%d lane %d", n, i);
    for (int i = 0; i < VL; i++)
      if (big[i] != (i < n ? a[i] : 4242))
        fail("store_n n=%d untouched lane %d", n, i);
    free(buf);
  }
  for (int t = 0; t < 300; t++) {
    unsigned bits = t == 0 ? 0 : t == 1 ? all_bits() : rnd_bits();
    int len = highest_lane(bits) + 1;
    int32_t *buf = malloc(sizeof(int32_t) * (size_t)len), *keep = malloc(sizeof(int32_t) * (size_t)len);
    for (int i = 0; i < len; i++)
      buf[i] = keep[i] = rnd_i32();
    oi(o, tc_i32_load_mask(buf, tc_mask_from_bits(bits), 31));
    for (int i = 0; i < VL; i++)
      if (o[i] != (lane_on(bits, i) ? buf[i] : 31))
        fail("load_mask bits=%x lane %d", bits, i);
    for (int i = 0; i < VL; i++)
      a[i] = rnd_i32();
    tc_i32_store_mask(buf, vi(a), tc_mask_from_bits(bits));
    for (int i = 0; i < len; i++)
      if (buf[i] != (lane_on(bits, i) ? a[i] : keep[i]))
        fail("store_mask bits=%x lane %d", bits, i);
    free(buf);
    free(keep);
  }
  {
    int32_t full[VL];
    for (int i = 0; i < VL; i++)
      full[i] = rnd_i32();
    oi(o, tc_i32_load(full));
    if (memcmp(o, full, sizeof full) != 0)
      fail("load/store");
  }
  end();

  begin("i32_gather_scatter");
  {
    enum { NB = 61 };
    int32_t *base = malloc(sizeof(int32_t) * NB), want[NB], idx[VL];
    for (int t = 0; t < 300; t++) {
      unsigned bits = t == 0 ? 0 : t == 1 ? all_bits() : rnd_bits();
      for (int i = 0; i < NB; i++)
        base[i] = rnd_i32();
      for (int i = 0; i < VL; i++)
        idx[i] = lane_on(bits, i) ? (int32_t)(rnd() % NB) : -0x10000000;
      oi(o, tc_i32_gather(base, vi(idx), tc_mask_from_bits(bits), -9));
      for (int i = 0; i < VL; i++)
        if (o[i] != (lane_on(bits, i) ? base[idx[i]] : -9))
          fail("gather lane %d", i);
      for (int i = 0; i < VL; i++) {
        a[i] = rnd_i32();
        if (lane_on(bits, i))
          idx[i] = (int32_t)(rnd() % 6);
      }
      memcpy(want, base, sizeof want);
      for (int i = 0; i < VL; i++)
        if (lane_on(bits, i))
          want[idx[i]] = a[i];
      tc_i32_scatter(base, vi(idx), vi(a), tc_mask_from_bits(bits));
      if (memcmp(base, want, sizeof want) != 0)
        fail("scatter bits=%x", bits);
    }
    free(base);
  }
  end();
}

/* ------------------------------------------------------------------------------- casts */
static void test_casts(void) {
  int32_t a[VL], o[VL];
  float f[VL], g[VL];
  begin("f32_from_i32");
  for (int t = 0; t < 3000; t++) {
    for (int i = 0; i < VL; i++)
      a[i] = rnd_i32();
    if (t == 0)
      for (int i = 0; i < VL; i++)
        a[i] = (1 << 24) + 1 + 2 * i; /* needs rounding: ties to even */
    of(g, tc_f32_from_i32(vi(a)));
    for (int i = 0; i < VL; i++)
      if (fbits(g[i]) != fbits((float)a[i]))
        fail("%d -> %a", a[i], g[i]);
  }
  end();

  begin("i32_from_f32");
  for (int t = 0; t < 3000; t++) {
    for (int i = 0; i < VL; i++) {
      uint32_t k = rnd() % 4;
      f[i] = k == 0 ? rnd_fin() : k == 1 ? (float)(int32_t)rnd() : ((float)(rnd() % 2001) - 1000.0f) / 8.0f;
      if (f[i] >= 2147483648.0f)
        f[i] = 2147483520.0f; /* largest float below 2^31 */
    }
    if (t == 0) {
      const float e[] = {-2147483648.0f, 2147483520.0f, -0.99f, 0.99f, -1.5f, 2.5f, -0.0f, 7.999f};
      for (int i = 0; i < VL; i++)
        f[i] = e[i % 8];
    }
    oi(o, tc_i32_from_f32(vf(f)));
    for (int i = 0; i < VL; i++)
      if (o[i] != (int32_t)f[i])
        fail("%a -> %d want %d", f[i], o[i], (int32_t)f[i]);
  }
#ifndef TC_SIMD_NEON
  { /* out of range and NaN give INT32_MIN (x86 convention), except on NEON which saturates */
    const float e[] = {NAN, INFINITY, -INFINITY, 3e9f, -3e9f, 2147483648.0f, -2147483904.0f, -NAN};
    for (int i = 0; i < VL; i++)
      f[i] = e[i % 8];
    oi(o, tc_i32_from_f32(vf(f)));
    for (int i = 0; i < VL; i++)
      if (o[i] != INT32_MIN)
        fail("out of range %a -> %d", f[i], o[i]);
  }
#endif
  end();
}

/* ------------------------------------------------------------------------- fp16 / bf16 */
/* References with double arithmetic, independent of the bit tricks in the header. */
static float ref_h2f(uint16_t h) {
  int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  if (e == 31) {
    if (m == 0)
      return s ? -INFINITY : INFINITY;
    return bitsf((uint32_t)s << 31 | 0x7fc00000u | (uint32_t)m << 13); /* quiet, payload kept */
  }
  double v = e == 0 ? ldexp((double)m, -24) : ldexp(1024.0 + m, e - 25);
  return (float)(s ? -v : v);
}
/* nearest representable value with `mant_bits` fraction bits, exponent >= emin, RNE; returns
   the encoding computed from the rounded double value */
static uint16_t ref_f2h(float f) {
  uint32_t x = fbits(f);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  if (is_nan(f))
    return (uint16_t)(sign | 0x7e00u | ((x >> 13) & 0x3ffu));
  double a = fabs((double)f);
  if (isinf(a))
    return sign | 0x7c00u;
  int e;
  frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
  int q = e - 11 < -24 ? -24 : e - 11; /* quantum exponent: 11 significant bits, min 2^-24 */
  double r = nearbyint(ldexp(a, -q));  /* default rounding mode: ties to even */
  double v = ldexp(r, q);
  if (v >= 65520.0 || v > 65504.0)
    return sign | 0x7c00u;
  /* encode v exactly */
  if (v < ldexp(1.0, -14))
    return (uint16_t)(sign | (uint16_t)ldexp(v, 24));
  frexp(v, &e);
  int be = e - 1 + 15;
  uint16_t man = (uint16_t)(ldexp(v, -(e - 1)) * 1024.0 - 1024.0);
  return (uint16_t)(sign | be << 10 | man);
}
static float ref_b2f(uint16_t h) { return bitsf((uint32_t)h << 16); }
static uint16_t ref_f2b(float f) {
  uint32_t x = fbits(f);
  if (is_nan(f))
    return (uint16_t)((x >> 16) | 0x40u);
  double a = fabs((double)f);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  if (isinf(a) || a == 0)
    return (uint16_t)(x >> 16);
  int e;
  frexp(a, &e);
  int q = e - 8 < -133 ? -133 : e - 8; /* 8 significant bits; bf16 subnormal quantum 2^-133 */
  double v = ldexp(nearbyint(ldexp(a, -q)), q);
  if (v >= ldexp(1.0, 128))
    return sign | 0x7f80u;
  float fv = (float)v; /* exact: v has at most 8 significant bits */
  return (uint16_t)(sign | (fbits(fv) >> 16));
}

static float rnd_conv_input(int which) {
  /* values around the rounding boundaries of the 16-bit formats */
  uint32_t k = rnd() % 6;
  if (k == 0)
    return rnd_f32();
  if (k == 1) { /* exactly halfway between two neighbours, or one ulp either side */
    uint32_t base = which ? (rnd() & 0xffff0000u) : fbits(ref_h2f((uint16_t)(rnd() & 0x7bffu)));
    uint32_t half = which ? 0x8000u : 0x1000u;
    int d = (int)(rnd() % 3) - 1;
    return bitsf((base + half + (uint32_t)d) | (rnd() & 0x80000000u));
  }
  if (k == 2) /* fp32 denormals and tiny values */
    return bitsf((rnd() & 0x807fffffu) | (rnd() % 4 == 0 ? 0x00800000u : 0u));
  if (k == 3) /* around the fp16 subnormal range 2^-25 .. 2^-14 */
    return bitsf((rnd() & 0x807fffffu) | ((uint32_t)(102 + rnd() % 12) << 23));
  if (k == 4) /* around fp16 overflow */
    return bitsf((rnd() & 0x80000000u) | (0x477fe000u + (rnd() % 0x4000u)));
  return bitsf(rnd()); /* anything, NaN payloads included */
}

static void test_f16_bf16(int which /* 0 = f16, 1 = bf16 */) {
  const char *tag = which ? "bf16" : "f16";
  char name[64];
  float o[VL], f[VL];
  uint16_t h[VL];

  snprintf(name, sizeof name, "%s_load_all_patterns", tag);
  begin(name);
  for (uint32_t start = 0; start < 0x10000u; start += VL) {
    for (int i = 0; i < VL; i++)
      h[i] = (uint16_t)(start + (uint32_t)i);
    of(o, which ? tc_f32_load_bf16(h) : tc_f32_load_f16(h));
    for (int i = 0; i < VL; i++) {
      float w = which ? ref_b2f(h[i]) : ref_h2f(h[i]);
      if (fbits(o[i]) != fbits(w))
        fail("%04x -> %08x want %08x", h[i], fbits(o[i]), fbits(w));
    }
  }
  end();

  snprintf(name, sizeof name, "%s_store_rne_edges", tag);
  begin(name);
  for (int t = 0; t < 40000; t++) {
    for (int i = 0; i < VL; i++)
      f[i] = rnd_conv_input(which);
    if (t == 0) {
      const float e[] = {65504.0f, 65519.996f, 65520.0f, -65520.0f, 0x1p-24f, 0x1p-25f,
                         0x1.000002p-25f, 0x1.8p-24f, 0x1p-149f, -0x1p-126f, 0x1.fffffep-127f,
                         0x1.fffffep127f, 1.00048828125f, 1.00146484375f, NAN, -INFINITY};
      for (int i = 0; i < VL; i++)
        f[i] = e[i % 16];
    }
    if (which)
      tc_f32_store_bf16(h, vf(f));
    else
      tc_f32_store_f16(h, vf(f));
    for (int i = 0; i < VL; i++) {
      uint16_t w = which ? ref_f2b(f[i]) : ref_f2h(f[i]);
      if (h[i] != w)
        fail("%a (%08x) -> %04x want %04x", f[i], fbits(f[i]), h[i], w);
    }
  }
  end();

  snprintf(name, sizeof name, "%s_load_store_n_mask", tag);
  begin(name);
  for (int n = 0; n <= VL; n++) {
    uint16_t *buf = malloc(sizeof(uint16_t) * (size_t)n), big[VL];
    for (int i = 0; i < n; i++)
      buf[i] = (uint16_t)rnd();
    of(o, which ? tc_f32_load_bf16_n(buf, n, 2.0f) : tc_f32_load_f16_n(buf, n, 2.0f));
    for (int i = 0; i < VL; i++) {
      float w = i < n ? (which ? ref_b2f(buf[i]) : ref_h2f(buf[i])) : 2.0f;
      if (fbits(o[i]) != fbits(w))
        fail("load_n n=%d lane %d", n, i);
    }
    for (int i = 0; i < VL; i++) {
      f[i] = rnd_conv_input(which);
      big[i] = 0xabcd;
    }
    if (which) {
      tc_f32_store_bf16_n(buf, vf(f), n);
      tc_f32_store_bf16_n(big, vf(f), n);
    } else {
      tc_f32_store_f16_n(buf, vf(f), n);
      tc_f32_store_f16_n(big, vf(f), n);
    }
    for (int i = 0; i < VL; i++) {
      uint16_t w = which ? ref_f2b(f[i]) : ref_f2h(f[i]);
      if ((i < n && buf[i] != w) || big[i] != (i < n ? w : 0xabcd))
        fail("store_n n=%d lane %d", n, i);
    }
    free(buf);
  }
  for (int t = 0; t < 300; t++) {
    unsigned bits = t == 0 ? 0 : t == 1 ? all_bits() : rnd_bits();
    int len = highest_lane(bits) + 1;
    uint16_t *buf = malloc(sizeof(uint16_t) * (size_t)len), *keep = malloc(sizeof(uint16_t) * (size_t)len);
    for (int i = 0; i < len; i++)
      buf[i] = keep[i] = (uint16_t)rnd();
    tc_vmask m = tc_mask_from_bits(bits);
    of(o, which ? tc_f32_load_bf16_mask(buf, m, -0.0f) : tc_f32_load_f16_mask(buf, m, -0.0f));
    for (int i = 0; i < VL; i++) {
      float w = lane_on(bits, i) ? (which ? ref_b2f(buf[i]) : ref_h2f(buf[i])) : -0.0f;
      if (fbits(o[i]) != fbits(w))
        fail("load_mask bits=%x lane %d", bits, i);
    }
    for (int i = 0; i < VL; i++)
      f[i] = rnd_conv_input(which);
    if (which)
      tc_f32_store_bf16_mask(buf, vf(f), m);
    else
      tc_f32_store_f16_mask(buf, vf(f), m);
    for (int i = 0; i < len; i++) {
      uint16_t w = lane_on(bits, i) ? (which ? ref_f2b(f[i]) : ref_f2h(f[i])) : keep[i];
      if (buf[i] != w)
        fail("store_mask bits=%x lane %d", bits, i);
    }
    free(buf);
    free(keep);
  }
  end();
}

/* -------------------------------------------------------------------------- reductions */
static void test_reductions(void) {
  float f[VL];
  int32_t a[VL];
  begin("f32_hsum");
  for (int t = 0; t < 3000; t++) {
    double s = 0, sa = 0;
    for (int i = 0; i < VL; i++) {
      f[i] = rnd_fin();
      s += f[i];
      sa += fabs(f[i]);
    }
    float r = tc_f32_hsum(vf(f));
    if (fabs(r - s) > sa * 1e-6 + 1e-30)
      fail("got %a want %a", r, s);
  }
  for (int i = 0; i < VL; i++)
    f[i] = 1.0f;
  f[VL - 1] = INFINITY;
  if (tc_f32_hsum(vf(f)) != INFINITY)
    fail("inf lane");
  f[0] = NAN;
  if (!is_nan(tc_f32_hsum(vf(f))))
    fail("nan lane");
  end();

  begin("f32_hmax_hmin");
  for (int t = 0; t < 5000; t++) {
    int all_nan = t % 50 == 0;
    for (int i = 0; i < VL; i++)
      f[i] = all_nan ? NAN : rnd() % 5 == 0 ? NAN : rnd_f32();
    float mx = NAN, mn = NAN; /* fold in which NaN operands lose: NaN lanes ignored */
    for (int i = 0; i < VL; i++) {
      mx = ref_max(mx, f[i]);
      mn = ref_min(mn, f[i]);
    }
    float rx = tc_f32_hmax(vf(f)), rn = tc_f32_hmin(vf(f));
    if (!same(rx, mx) && !(rx == 0 && mx == 0))
      fail("hmax got %a want %a", rx, mx);
    if (!same(rn, mn) && !(rn == 0 && mn == 0))
      fail("hmin got %a want %a", rn, mn);
  }
  end();

  begin("i32_hsum_hmax_hmin");
  for (int t = 0; t < 3000; t++) {
    uint32_t s = 0;
    int32_t mx = INT32_MIN, mn = INT32_MAX;
    for (int i = 0; i < VL; i++) {
      a[i] = rnd_i32();
      s += (uint32_t)a[i];
      mx = a[i] > mx ? a[i] : mx;
      mn = a[i] < mn ? a[i] : mn;
    }
    tc_vi32 v = vi(a);
    if (tc_i32_hsum(v) != wrap(s) || tc_i32_hmax(v) != mx || tc_i32_hmin(v) != mn)
      fail("sum %d/%d max %d/%d min %d/%d", tc_i32_hsum(v), wrap(s), tc_i32_hmax(v), mx,
           tc_i32_hmin(v), mn);
  }
  end();
}

/* -------------------------------------------------------------------------------- math */
/* error of a float result in units of the float ulp at the exact (double) result */
static double ulp_err(float got, double want) {
  if (is_nan(got) || isnan(want))
    return is_nan(got) && isnan(want) ? 0 : 1e9;
  if (isinf(want) || isinf(got)) {
    if ((double)got == want)
      return 0;
    if (isinf(got) && fabs(want) >= (double)FLT_MAX) /* overflow at the edge of the range */
      return 0;
    if (isinf(want) && fabs((double)got) == (double)FLT_MAX)
      return 1;
    return 1e9;
  }
  double aw = fabs(want);
  if (aw < FLT_MIN)
    aw = FLT_MIN;
  int e;
  frexp(aw, &e);
  double ulp = ldexp(1.0, e - 24);
  return fabs((double)got - want) / ulp;
}

#define MATH_TOL_ULP 2.0

static double rnd_range(double lo, double hi) { return lo + (hi - lo) * (rnd() / 4294967296.0); }

static void test_math1(const char *name, tc_vf32 (*fn)(tc_vf32), double (*ref)(double), double lo,
                       double hi, const float *sp, int nsp) {
  float x[VL], o[VL];
  begin(name);
  double worst = 0;
  for (int t = 0; t < 4000; t++) {
    for (int i = 0; i < VL; i++)
      x[i] = (float)rnd_range(lo, hi);
    if (t * VL < nsp)
      for (int i = 0; i < VL; i++)
        x[i] = sp[(t * VL + i) % nsp];
    of(o, fn(vf(x)));
    for (int i = 0; i < VL; i++) {
      double want = ref((double)x[i]);
      double err = ulp_err(o[i], want);
      if (err > worst)
        worst = err;
      if (err > MATH_TOL_ULP)
        fail("x=%a got %a want %a (%.2f ulp)", x[i], o[i], want, err);
    }
  }
  end();
}

static double d_exp2(double x) { return exp2(x); }
static double d_log2(double x) { return log2(x); }

static void test_math(void) {
  const float sp_exp[] = {0.0f, -0.0f, 1.0f, -1.0f, 88.0f, 89.0f, -104.0f, -87.0f, INFINITY, -INFINITY, NAN, 0.5f};
  const float sp_log[] = {1.0f, 2.0f, 0.0f, -0.0f, -1.0f, INFINITY, NAN, FLT_MIN, 0x1p-149f, FLT_MAX, 0.5f, 10.0f};
  const float sp_trig[] = {0.0f, -0.0f, 1.0f, 3.14159265f, -1.5707964f, 100.0f, 1000.5f, NAN, INFINITY, -INFINITY, 0.1f, 6.2831855f};
  const float sp_tanh[] = {0.0f, -0.0f, 1e-8f, -1e-4f, 0.5f, 9.0f, -20.0f, 100.0f, INFINITY, -INFINITY, NAN, 0.1f};
  const float sp_erf[] = {0.0f, -0.0f, 1e-8f, 0.5f, -0.5f, 1.0f, 3.0f, -4.0f, 10.0f, INFINITY, -INFINITY, NAN};
  test_math1("f32_exp", tc_f32_exp, exp, -100.0, 88.0, sp_exp, 12);
  test_math1("f32_exp2", tc_f32_exp2, d_exp2, -140.0, 127.0, sp_exp, 12);
  test_math1("f32_log", tc_f32_log, log, 1e-30, 1e30, sp_log, 12);
  test_math1("f32_log_near1", tc_f32_log, log, 0.5, 2.0, sp_log, 12);
  test_math1("f32_log2", tc_f32_log2, d_log2, 1e-30, 1e30, sp_log, 12);
  test_math1("f32_sin", tc_f32_sin, sin, -100.0, 100.0, sp_trig, 12);
  test_math1("f32_cos", tc_f32_cos, cos, -100.0, 100.0, sp_trig, 12);
  test_math1("f32_tanh", tc_f32_tanh, tanh, -10.0, 10.0, sp_tanh, 12);
  test_math1("f32_erf", tc_f32_erf, erf, -5.0, 5.0, sp_erf, 12);

  begin("f32_pow");
  {
    float x[VL], y[VL], o[VL];
    for (int t = 0; t < 4000; t++) {
      for (int i = 0; i < VL; i++) {
        x[i] = (float)rnd_range(0.0, 50.0);
        y[i] = (float)rnd_range(-20.0, 20.0);
        if (rnd() % 8 == 0) { /* negative base with integral exponent */
          x[i] = -x[i];
          y[i] = (float)(int)y[i];
        }
      }
      if (t == 0) {
        const float sx[] = {2.0f, 0.0f, -0.0f, 1.0f, NAN, -2.0f, INFINITY, 4.0f};
        const float sy[] = {10.0f, 3.0f, -1.0f, NAN, 0.0f, 0.5f, -2.0f, 0.5f};
        for (int i = 0; i < VL; i++)
          x[i] = sx[i % 8], y[i] = sy[i % 8];
      }
      of(o, tc_f32_pow(vf(x), vf(y)));
      for (int i = 0; i < VL; i++) {
        double want = pow((double)x[i], (double)y[i]);
        double err = ulp_err(o[i], want);
        if (err > MATH_TOL_ULP)
          fail("x=%a y=%a got %a want %a (%.2f ulp)", x[i], y[i], o[i], want, err);
      }
    }
  }
  end();
}

/* exp, exp2, erf, tanh are computed by tc_simd.h itself: sweep every 1021st float bit pattern
 * (4.2 million inputs, all exponents, both signs, NaN and inf included) against libm in double */
static void sweep_math1(const char *name, tc_vf32 (*fn)(tc_vf32), double (*ref)(double)) {
  float x[VL], o[VL];
  char g[64];
  snprintf(g, sizeof g, "%s_sweep", name);
  begin(g);
  uint32_t bits = 0;
  for (uint64_t k = 0; k < (1ull << 32) / 1021; k += VL) {
    for (int i = 0; i < VL; i++, bits += 1021u)
      memcpy(&x[i], &bits, 4);
    of(o, fn(vf(x)));
    for (int i = 0; i < VL; i++) {
      double want = ref((double)x[i]);
      double err = ulp_err(o[i], want);
      if (err > MATH_TOL_ULP)
        fail("x=%a got %a want %a (%.2f ulp)", x[i], o[i], want, err);
    }
  }
  end();
}

static void test_math_sweep(void) {
  sweep_math1("f32_exp", tc_f32_exp, exp);
  sweep_math1("f32_exp2", tc_f32_exp2, d_exp2);
  sweep_math1("f32_erf", tc_f32_erf, erf);
  sweep_math1("f32_tanh", tc_f32_tanh, tanh);
}

/* -------------------------------------------------------------------------------- fp64 */
static int same64(double a, double b) { return (a != a && b != b) || memcmp(&a, &b, 8) == 0; }

static void test_f64(void) {
  double a[VL64], b[VL64], c[VL64], o[VL64];
  begin("f64_arith");
  for (int t = 0; t < 3000; t++) {
    for (int i = 0; i < VL64; i++) {
      a[i] = (double)rnd_f32() * 1.000000001;
      b[i] = (double)rnd_f32();
      c[i] = (double)rnd_fin();
    }
    tc_vf64 va = tc_f64_load(a), vb = tc_f64_load(b), vc = tc_f64_load(c);
    tc_f64_store(o, tc_f64_add(va, vb));
    for (int i = 0; i < VL64; i++)
      if (!same64(o[i], a[i] + b[i]))
        fail("add");
    tc_f64_store(o, tc_f64_sub(va, vb));
    for (int i = 0; i < VL64; i++)
      if (!same64(o[i], a[i] - b[i]))
        fail("sub");
    tc_f64_store(o, tc_f64_mul(va, vb));
    for (int i = 0; i < VL64; i++)
      if (!same64(o[i], a[i] * b[i]))
        fail("mul");
    tc_f64_store(o, tc_f64_div(va, vb));
    for (int i = 0; i < VL64; i++)
      if (!same64(o[i], a[i] / b[i]))
        fail("div");
    tc_f64_store(o, tc_f64_fma(va, vb, vc));
    for (int i = 0; i < VL64; i++)
      if (!same64(o[i], fma(a[i], b[i], c[i])))
        fail("fma %a %a %a -> %a", a[i], b[i], c[i], o[i]);
    tc_f64_store(o, tc_f64_splat(c[0]));
    for (int i = 0; i < VL64; i++)
      if (!same64(o[i], c[0]))
        fail("splat");
    double s = 0, sa = 0;
    for (int i = 0; i < VL64; i++)
      s += c[i], sa += fabs(c[i]);
    if (fabs(tc_f64_hsum(vc) - s) > sa * 1e-15)
      fail("hsum");
  }
  end();

  begin("f64_load_store_n");
  for (int n = 0; n <= VL64; n++) {
    double *buf = malloc(sizeof(double) * (size_t)n), big[VL64];
    for (int i = 0; i < n; i++)
      buf[i] = (double)rnd_i32() / 3.0;
    tc_f64_store(o, tc_f64_load_n(buf, n, -8.0));
    for (int i = 0; i < VL64; i++)
      if (!same64(o[i], i < n ? buf[i] : -8.0))
        fail("load_n n=%d lane %d", n, i);
    for (int i = 0; i < VL64; i++) {
      a[i] = (double)rnd_i32();
      big[i] = 0.125;
    }
    tc_f64_store_n(buf, tc_f64_load(a), n);
    tc_f64_store_n(big, tc_f64_load(a), n);
    for (int i = 0; i < VL64; i++)
      if ((i < n && buf[i] != a[i]) || big[i] != (i < n ? a[i] : 0.125))
        fail("store_n n=%d lane %d", n, i);
    free(buf);
  }
  end();
}

/* tc_dot_f32 / tc_dot_i8 (section dot; tc_dot_i8 on AVX-512 VNNI where the compiler targets
 * it): C += A B on strided row-major blocks of every shape the blocking splits differently
 * (multiples of the register block, of one vector, and neither), against double-precision sums
 * (int8: wrapping int32 sums); the padding of each row (ld > width) must stay untouched. */
static void test_dot(void) {
  static const int dims[] = {1, 3, 8, 16, 17, 32, 33, 64, 70};
  enum { ND = sizeof dims / sizeof dims[0] };
  begin("dot_f32");
  for (int im = 0; im < ND; im++)
    for (int in = 0; in < ND; in++)
      for (int ik = 0; ik < ND; ik += 2) {
        int M = dims[im], N = dims[in], K = dims[ik], lda = K + 3, ldb = N + 5, ldc = N + 2;
        float *A = malloc(sizeof(float) * (size_t)(M * lda)), *B = malloc(sizeof(float) * (size_t)(K * ldb));
        float *C = malloc(sizeof(float) * (size_t)(M * ldc)), *C0 = malloc(sizeof(float) * (size_t)(M * ldc));
        for (int i = 0; i < M * lda; i++)
          A[i] = rnd_fin() / 1000.0f;
        for (int i = 0; i < K * ldb; i++)
          B[i] = rnd_fin() / 1000.0f;
        for (int i = 0; i < M * ldc; i++)
          C[i] = C0[i] = rnd_fin() / 1000.0f;
        tc_dot_f32(M, N, K, A, lda, B, ldb, C, ldc);
        for (int i = 0; i < M; i++)
          for (int j = 0; j < ldc; j++) {
            if (j >= N) {
              if (!same(C[i * ldc + j], C0[i * ldc + j]))
                fail("%dx%dx%d: padding C[%d][%d] written", M, N, K, i, j);
              continue;
            }
            double r = C0[i * ldc + j], mag = fabs(r);
            for (int k = 0; k < K; k++) {
              r += (double)A[i * lda + k] * B[k * ldb + j];
              mag += fabs((double)A[i * lda + k] * B[k * ldb + j]);
            }
            if (fabs(C[i * ldc + j] - r) > 1e-6 * mag + 1e-30)
              fail("%dx%dx%d: C[%d][%d] = %g, want %g", M, N, K, i, j, C[i * ldc + j], r);
          }
        free(A), free(B), free(C), free(C0);
      }
  end();
  begin("dot_i8");
  /* and wide ones: chunks of K (VNNI packs 32 KiB: 1008 columns take 28 k at a time), and past
   * 1024 columns the plain loop */
  static const int wide[][3] = {{64, 1000, 300}, {7, 1030, 45}, {13, 513, 130}};
  for (int im = 0; im < ND + 3; im++)
    for (int in = 0; in < (im < ND ? ND : 1); in++) {
      int M = im < ND ? dims[im] : wide[im - ND][0], N = im < ND ? dims[in] : wide[im - ND][1];
      int K = im < ND ? dims[(im + in) % ND] : wide[im - ND][2], lda = K + 1, ldb = N + 3, ldc = N + 1;
      int8_t *A = malloc((size_t)(M * lda)), *B = malloc((size_t)(K * ldb));
      int32_t *C = malloc(sizeof(int32_t) * (size_t)(M * ldc)), *C0 = malloc(sizeof(int32_t) * (size_t)(M * ldc));
      for (int i = 0; i < M * lda; i++)
        A[i] = (int8_t)rnd();
      for (int i = 0; i < K * ldb; i++)
        B[i] = (int8_t)rnd();
      for (int i = 0; i < M * ldc; i++) /* near the int32 limits: the sums wrap */
        C[i] = C0[i] = (rnd() & 1) ? INT32_MAX - (int32_t)(rnd() % 1000) : rnd_i32();
      tc_dot_i8(M, N, K, A, lda, B, ldb, C, ldc);
      for (int i = 0; i < M; i++)
        for (int j = 0; j < ldc; j++) {
          uint32_t r = (uint32_t)C0[i * ldc + j];
          for (int k = 0; k < K && j < N; k++)
            r += (uint32_t)((int32_t)A[i * lda + k] * B[k * ldb + j]);
          if ((uint32_t)C[i * ldc + j] != r)
            fail("%dx%dx%d: C[%d][%d] = %d, want %d", M, N, K, i, j, C[i * ldc + j], (int32_t)r);
        }
      free(A), free(B), free(C), free(C0);
    }
  end();
}

/* Columns where the panel and tc_dot_f32 round alike: all, except on the scalar level without a
 * fused multiply-add, where tc_dot_f32 sums the columns past its whole vectors with fmaf and the
 * vectors (and the panel's masked ones) with a product and a sum. */
static int exact_cols(int N, int j) {
#if defined(TC_SIMD_SCALAR) && !defined(FP_FAST_FMAF)
  return j < N / TC_VLEN * TC_VLEN;
#else
  (void)N, (void)j;
  return 1;
#endif
}

/* A K loop's fp32 product through a panel (sections f32panel, f32pack: tc_dot_f32_open / push /
 * close): shapes below, at and past the register block (rows) and the column block (a part
 * block of columns is masked), trips of kt k into panels of kp k (0: each trip at once; panels
 * filled past their depth are emptied midway; a trip deeper than the panel goes at once), B's
 * rows with the panel's pitch (copied at once where the columns fill it) or another one, A
 * given (chain 0) from a trip buffer the next trip overwrites, (1) in place in one matrix, each
 * trip's tile right after the last (read there, not copied), (2) in place but every trip in a
 * buffer of its own (no chain: copied), (3) a chain broken midway by a trip buffer. Against
 * double-precision sums, and to the bit against tc_dot_f32 over the whole K (the same fused
 * multiply-adds in k order; exact_cols); the padding of C stays untouched. */
static void test_dot_f32_panel(void) {
  static const int ms[] = {1, 5, 6, 13, 64, 128}, ns[] = {1, 8, 17, 64, 65, 128, 200},
                   ks[] = {1, 32, 77, 300}, kts[] = {8, 16, 32, 77}, kps[] = {0, 8, 24, 64, 512};
  begin("dot_f32_panel");
  int n = 0;
  for (int im = 0; im < 6; im++)
    for (int in = 0; in < 7; in++)
      for (int ik = 0; ik < 4; ik++, n++) {
        int M = ms[im], N = ns[in], K = ks[ik], lda = K + 3, ldc = N + 2;
        int kt = kts[n % 4], kp = kps[(n / 4) % 5], chain = (n / 3) % 4;
        int ldb = n % 2 ? N + 5 : N; /* rows as the panel holds them: one copy */
        float *A = malloc(sizeof(float) * (size_t)(M * lda)), *B = malloc(sizeof(float) * (size_t)(K * ldb));
        float *C = malloc(sizeof(float) * (size_t)(M * ldc)), *C0 = malloc(sizeof(float) * (size_t)(M * ldc));
        float *C1 = malloc(sizeof(float) * (size_t)(M * ldc)), *trip = malloc(sizeof(float) * (size_t)(M * kt));
        float *buf = malloc(sizeof(float) * (size_t)((M + N) * (kp ? kp : 1)));
        float **own = calloc((size_t)(K / kt + 1), sizeof(float *));
        for (int i = 0; i < M * lda; i++)
          A[i] = rnd_fin() / 1000.0f;
        for (int i = 0; i < K * ldb; i++)
          B[i] = rnd_fin() / 1000.0f;
        for (int i = 0; i < M * ldc; i++)
          C[i] = C0[i] = C1[i] = rnd_fin() / 1000.0f;
        tc_f32_panel pn;
        tc_dot_f32_open(&pn, M, N, kp, buf, C, ldc);
        for (int k0 = 0, t = 0; k0 < K; k0 += kt, t++) {
          int k = K - k0 < kt ? K - k0 : kt, copy = chain == 0 || (chain == 3 && t == 1);
          const float *a = A + k0;
          int ld = lda;
          if (copy || chain == 2) { /* the trip's tile in a buffer: one reused, or its own */
            float *d = copy ? trip : (own[t] = malloc(sizeof(float) * (size_t)(M * k)));
            for (int i = 0; i < M; i++)
              memcpy(d + (long)i * k, A + (long)i * lda + k0, sizeof(float) * (size_t)k);
            a = d, ld = k;
          }
          tc_dot_f32_push(&pn, k, a, ld, B + (long)k0 * ldb, ldb, !copy);
          if (copy) /* the next trip's copy overwrites it: the panel must hold its own */
            for (int i = 0; i < M * k; i++)
              trip[i] = NAN;
        }
        tc_dot_f32_close(&pn);
        tc_dot_f32(M, N, K, A, lda, B, ldb, C1, ldc);
        for (int i = 0; i < M; i++)
          for (int j = 0; j < ldc; j++) {
            if (j >= N) {
              if (!same(C[i * ldc + j], C0[i * ldc + j]))
                fail("%dx%dx%d: padding C[%d][%d] written", M, N, K, i, j);
              continue;
            }
            double r = C0[i * ldc + j], mag = fabs(r);
            for (int k = 0; k < K; k++) {
              r += (double)A[i * lda + k] * B[k * ldb + j];
              mag += fabs((double)A[i * lda + k] * B[k * ldb + j]);
            }
            if (fabs(C[i * ldc + j] - r) > 1e-6 * mag + 1e-30)
              fail("%dx%dx%d (trips %d, panel %d, chain %d): C[%d][%d] = %g, want %g", M, N, K, kt,
                   kp, chain, i, j, C[i * ldc + j], r);
            else if (exact_cols(N, j) && !same(C[i * ldc + j], C1[i * ldc + j]))
              fail("%dx%dx%d (trips %d, panel %d, chain %d): C[%d][%d] = %a, tc_dot_f32 %a", M, N,
                   K, kt, kp, chain, i, j, C[i * ldc + j], C1[i * ldc + j]);
          }
        for (int t = 0; t <= K / kt; t++)
          free(own[t]);
        free(A), free(B), free(C), free(C0), free(C1), free(trip), free(buf), free(own);
      }
  end();
}

/* tc_dot_bf16 (section amx): C += A B on strided blocks of bf16 values held in floats, against
 * double-precision sums. On AMX (-march=native on a CPU with amx_bf16, tests/simd/run.sh) the
 * shapes of whole 16 x 16 tiles take the tile unit: one, two and odd numbers of tiles per side,
 * K below, at and past a tile of 32 and past a packed chunk (512 + 16 columns hold 32 k per
 * chunk, 128 + 128 hold 128); the others (17 rows, 8 columns) the fp32 micro-kernel. Entries
 * are integers / 32 of at most 8 bits, products then exact in fp32; padding stays untouched.
 * With `panel`, the product is a K loop's (tc_dot_bf16_open / push / close): trips of 16, 30,
 * 32 or 77 k (odd ones padded to pairs), panels filled past their depth and emptied midway. */
static void test_dot_bf16(int panel) {
  static const int ms[] = {16, 48, 128, 17}, ns[] = {16, 32, 80, 128, 528, 8},
                   ks[] = {1, 16, 30, 32, 77, 256, 600};
  begin(panel ? "dot_bf16_panel" : "dot_bf16");
  for (int im = 0; im < 4; im++)
    for (int in = 0; in < 6; in++)
      for (int ik = 0; ik < 7; ik++) {
        int M = ms[im], N = ns[in], K = ks[ik], lda = K + 3, ldb = N + 5, ldc = N + 2;
        float *A = malloc(sizeof(float) * (size_t)(M * lda)), *B = malloc(sizeof(float) * (size_t)(K * ldb));
        float *C = malloc(sizeof(float) * (size_t)(M * ldc)), *C0 = malloc(sizeof(float) * (size_t)(M * ldc));
        for (int i = 0; i < M * lda; i++)
          A[i] = (float)((int)(rnd() % 255) - 127) / 32.0f;
        for (int i = 0; i < K * ldb; i++)
          B[i] = (float)((int)(rnd() % 255) - 127) / 32.0f;
        for (int i = 0; i < M * ldc; i++)
          C[i] = C0[i] = (float)((int)(rnd() % 255) - 127);
        if (panel) { /* the K loop's form: trips of kt k gathered in a panel, emptied at the end */
          static const int kts[] = {16, 30, 32, 77};
          int kt = kts[(im + in + ik) % 4];
          tc_bf16_panel pn;
          uint16_t *buf = malloc(sizeof(uint16_t) * (size_t)TC_BF16_PANEL_ELEMS(M, N));
          tc_dot_bf16_open(&pn, M, N, buf, C, ldc);
          for (int k0 = 0; k0 < K; k0 += kt)
            tc_dot_bf16_push(&pn, K - k0 < kt ? K - k0 : kt, A + k0, lda, B + (long)k0 * ldb, ldb);
          tc_dot_bf16_close(&pn);
          free(buf);
        } else {
          tc_dot_bf16(M, N, K, A, lda, B, ldb, C, ldc);
        }
        for (int i = 0; i < M; i++)
          for (int j = 0; j < ldc; j++) {
            if (j >= N) {
              if (!same(C[i * ldc + j], C0[i * ldc + j]))
                fail("%dx%dx%d: padding C[%d][%d] written", M, N, K, i, j);
              continue;
            }
            double r = C0[i * ldc + j], mag = fabs(r);
            for (int k = 0; k < K; k++) {
              r += (double)A[i * lda + k] * B[k * ldb + j];
              mag += fabs((double)A[i * lda + k] * B[k * ldb + j]);
            }
            if (fabs(C[i * ldc + j] - r) > 1e-6 * mag + 1e-30)
              fail("%dx%dx%d: C[%d][%d] = %g, want %g", M, N, K, i, j, C[i * ldc + j], r);
          }
        free(A), free(B), free(C), free(C0);
      }
  end();
}

/* ------------------------------------------------------------------------------------ main */
int main(void) {
#ifdef TC_HAVE_SLEEF
  const char *math = "sleef";
#else
  const char *math = "libm";
#endif
  printf("# tc_simd level %s, TC_VLEN %d, TC_VLEN64 %d, math %s\n", TC_SIMD_ISA, TC_VLEN, TC_VLEN64, math);
  begin("layout");
  if (sizeof(tc_vf32) != sizeof(float) * VL || sizeof(tc_vi32) != sizeof(int32_t) * VL ||
      sizeof(tc_vf64) != sizeof(double) * VL64 || VL64 * 2 != VL)
    fail("vector sizes");
  end();
  test_masks();
  test_f32_memory();
  test_f32_arith();
  test_i32();
  test_casts();
  test_f16_bf16(0);
  test_f16_bf16(1);
  test_reductions();
  test_math();
  test_math_sweep();
  test_f64();
  test_dot();
  test_dot_f32_panel();
  test_dot_bf16(0);
  test_dot_bf16(1);
#ifdef TC_DOT_AMX
#ifdef TC_AMX_MODEL
  printf("# tc_dot_bf16 on amx (the C model)\n");
#else
  printf("# tc_dot_bf16 on %s\n", tc__amx_ok() ? "amx" : "fma (tile state refused)");
#endif
#else
  printf("# tc_dot_bf16 on fma\n");
#endif
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail != 0;
}
