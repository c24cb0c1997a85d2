/* cexpr.c — C expression text both targets print alike (the C target's C11 and the CUDA
 * target's CUDA C++ share their arithmetic): the value conversions of tl.cast / .to(). Each
 * target passes what differs: how a float is rounded to fp16 / bf16 (round), and whether an
 * integer widened from a narrower type is written so that gcc's -Wtype-limits cannot see
 * through the cast (the C target's `(int32_t)(b + 0)`; nvcc does not warn). */
#include "tritonc.h"

/* fp8 <-> fp16 / bf16 / fp32 (the pairs sema lets through): fp8 is bits, the others floats */
const char *cexpr_fp8_cast(DType f, DType to, const char *a, bool rtz) {
  if (dt_is_fp8(f))
    return fmt("tc_%s_to_f32(%s)", dtype_info[f].sig, a); /* exact in fp16 and bf16 too */
  return fmt("tc_f32_to_%s%s(%s)", dtype_info[to].sig, rtz ? "_rtz" : "", a);
}

const char *cexpr_cast(DType f, DType to, const char *a, CexprRound round, void *ctx, bool hide_widen) {
  if (dt_is_fp8(f) || dt_is_fp8(to))
    return cexpr_fp8_cast(f, to, a, false);
  if (to == DT_I1 && dt_is_float(f))
    return fmt("(%s != 0)", a); /* float -> bool is x != 0 (semantic.py: not_equal(x, 0)) */
  if (to == DT_I1)
    return fmt("(%s != 0)", a);
  if (dt_is_float(to)) {
    if (dt_is_float(f) && (to == DT_F32 || to == DT_F64) && dt_bits(f) <= dt_bits(to))
      return to == DT_F64 && f != DT_F64 ? fmt("(double)%s", a) : a;
    const char *c = to == DT_F64 ? fmt("(double)%s", a) : fmt("(float)%s", a);
    if (to == DT_F16 || to == DT_BF16) {
      if (f == DT_F16 && to == DT_BF16)
        c = a;
      return round(ctx, to, c);
    }
    return c;
  }
  /* (int32_t)b > 3 with a bool b, (int32_t)u < -7 with a uint8_t u: gcc's -Wtype-limits sees
   * through a widening cast to the narrow type ("comparison is always false") */
  if (hide_widen && (f == DT_I1 || (dt_bits(f) < 32 && !dt_is_float(f) && dt_bits(to) > dt_bits(f))))
    return fmt("(%s)(%s + 0)", dtype_info[to].ctype, a);
  return fmt("(%s)%s", dtype_info[to].ctype, a);
}

const char *cexpr_params(const Kernel *k, bool leading_comma, const char *(*decl)(void *ctx, const KParam *p),
                         void *ctx) {
  Buf b = {0};
  buf_puts(&b, "");
  int n = 0;
  for (int i = 0; i < k->nparams; i++) {
    const KParam *p = &k->params[i];
    if (p->constexpr_)
      continue;
    buf_printf(&b, "%s%s", (n || leading_comma) ? ", " : "", decl(ctx, p));
    n++;
  }
  if (!n && !leading_comma)
    buf_puts(&b, "void");
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

bool cexpr_half_scalar(const KParam *p) { return !p->constexpr_ && (p->dt == DT_F16 || p->dt == DT_BF16); }
