/* expr.c — scalar CUDA expressions with Triton's semantics on an NVIDIA GPU.
 *
 * fp16 and bf16 values are held in float registers and rounded after every operation (fp32
 * has more than twice their precision, so an fp32 + - * / followed by one rounding is the
 * correctly rounded fp16 result); memory holds their bits (uint16_t). Integer + - * << wrap:
 * they go through the unsigned type. fp32 division is PTX div.full (what Triton emits for
 * `/`), tl.exp and tl.exp2 are ex2.approx (Triton's fast exp); the other math functions are
 * CUDA's, which are libdevice's, the functions Triton's libdevice calls reach. */
#include "cuda.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *cu_type(DType t, DType elt) {
  if (t == DT_PTR)
    return fmt("%s *", cu_mem_type(elt));
  if (t == DT_I1)
    return "bool";
  if (t == DT_F16 || t == DT_BF16)
    return "float";
  return dtype_info[t].ctype;
}

const char *cu_mem_type(DType t) {
  if (t == DT_F16 || t == DT_BF16)
    return "uint16_t";
  if (t == DT_I1)
    return "int8_t";
  return cu_type(t, DT__COUNT);
}

static const char *float_lit(double f, bool dbl) {
  if (isnan(f))
    return dbl ? "__longlong_as_double(0x7ff8000000000000LL)" : "__int_as_float(0x7fc00000)";
  if (isinf(f)) {
    if (dbl)
      return f > 0 ? "__longlong_as_double(0x7ff0000000000000LL)" : "__longlong_as_double((long long)0xfff0000000000000ULL)";
    return f > 0 ? "__int_as_float(0x7f800000)" : "__int_as_float((int)0xff800000u)";
  }
  char buf[64];
  snprintf(buf, sizeof buf, dbl ? "%.17g" : "%.9g", f);
  if (strtod(buf, NULL) == f && strlen(buf) <= 12) {
    if (!strpbrk(buf, ".eE"))
      strcat(buf, ".0");
    return fmt("%s%s", buf, dbl ? "" : "f");
  }
  return fmt("%a%s /* %.9g */", f, dbl ? "" : "f", f);
}

const char *cu_const(Op *op) {
  Value *v = op->out[0];
  switch (v->dt) {
  case DT_I1: return op->ival ? "true" : "false";
  case DT_F16: case DT_BF16: case DT_F32: return float_lit(op->fval, false);
  case DT_F64: return float_lit(op->fval, true);
  case DT_F8E4NV: case DT_F8E5: case DT_F8E4B15:
    return fmt("(uint8_t)0x%02x", fp8_encode(v->dt, op->fval, false));
  case DT_I64: return fmt("(int64_t)%lldLL", (long long)op->ival == INT64_MIN ? 0LL : (long long)op->ival);
  case DT_U64: return fmt("(uint64_t)%lluULL", (unsigned long long)op->ival);
  case DT_U32: return fmt("%lluu", (unsigned long long)(uint32_t)op->ival);
  case DT_I32:
    if (op->ival == INT32_MIN)
      return "(int32_t)0x80000000u";
    return fmt("%lld", (long long)op->ival);
  default: return fmt("(%s)%lld", dtype_info[v->dt].ctype, (long long)op->ival);
  }
}

const char *cu_round(DType t, const char *x) {
  if (t == DT_F16)
    return fmt("__half2float(__float2half_rn(%s))", x);
  if (t == DT_BF16)
    return fmt("__bfloat162float(__float2bfloat16_rn(%s))", x);
  return x;
}

static const char *utype(DType t) { return dt_bits(t) == 64 ? "uint64_t" : "uint32_t"; }

/* + - * << modulo 2^bits */
static const char *wrap(DType t, const char *a, const char *op, const char *b) {
  if (t == DT_I1)
    return fmt("(bool)((%s %s %s) & 1)", a, op, b);
  return fmt("(%s)((%s)%s %s (%s)%s)", dtype_info[t].ctype, utype(t), a, op, utype(t), b);
}

static const char *sfx(DType t) { return t == DT_F64 ? "" : "f"; }

static const char *math_fn(OpKind k) {
  switch (k) {
  case O_LOG: return "log"; case O_LOG2: return "log2"; case O_LOG10: return "log10";
  case O_LOG1P: return "log1p"; case O_EXPM1: return "expm1"; case O_SQRT: return "sqrt";
  case O_CBRT: return "cbrt"; case O_SIN: return "sin"; case O_COS: return "cos";
  case O_TAN: return "tan"; case O_ASIN: return "asin"; case O_ACOS: return "acos";
  case O_ATAN: return "atan"; case O_SINH: return "sinh"; case O_COSH: return "cosh";
  case O_TANH: return "tanh"; case O_ASINH: return "asinh"; case O_ACOSH: return "acosh";
  case O_ATANH: return "atanh"; case O_ERF: return "erf"; case O_ERFC: return "erfc";
  case O_FLOOR: return "floor"; case O_CEIL: return "ceil"; case O_TRUNC: return "trunc";
  case O_RINT: return "rint"; case O_ROUND: return "round"; case O_EXP: return "exp";
  case O_EXP2: return "exp2"; case O_J0: return "j0"; case O_J1: return "j1";
  case O_Y0: return "y0"; case O_Y1: return "y1"; case O_BESSEL_I0: return "cyl_bessel_i0";
  case O_BESSEL_I1: return "cyl_bessel_i1";
  default: return NULL;
  }
}

const char *cu_unary(Op *op, const char *a) {
  DType t = op->in[0]->dt, r = op->out[0]->dt;
  bool fl = dt_is_float(t);
  switch (op->k) {
  case O_NEG:
    return fl ? cu_round(t, fmt("(-%s)", a)) : wrap(t, "0", "-", a);
  case O_NOT: return fmt("!%s", a);
  case O_ABS:
    if (fl)
      return fmt("fabs%s(%s)", sfx(t), a);
    if (dt_is_unsigned(t) || t == DT_I1)
      return a;
    return fmt("(%s < 0 ? %s : %s)", a, wrap(t, "0", "-", a), a);
  case O_ISNAN: return fmt("(%s != %s)", a, a);
  case O_ISINF: return fmt("(fabs%s(%s) == %s)", sfx(t), a, t == DT_F64 ? "__longlong_as_double(0x7ff0000000000000LL)" : "__int_as_float(0x7f800000)");
  case O_SIGNBIT:
    return t == DT_F64 ? fmt("(__double_as_longlong(%s) < 0)", a) : fmt("(__float_as_int(%s) < 0)", a);
  case O_POPC: return fmt("(%s)%s((%s)%s)", dtype_info[r].ctype, dt_bits(t) == 64 ? "__popcll" : "__popc",
                          dt_bits(t) == 64 ? "unsigned long long" : "unsigned", a);
  case O_CLZ:
    return fmt("(%s)%s((%s)%s)", dtype_info[r].ctype, dt_bits(t) == 64 ? "__clzll" : "__clz",
               dt_bits(t) == 64 ? "long long" : "int", a);
  case O_CAST: return op->flags & CAST_RTZ ? cu_cast_rtz(t, r, a) : cu_cast(t, r, a);
  case O_BITCAST:
    if (r == DT_PTR && t != DT_PTR) /* inttoptr */
      return fmt("(%s)(unsigned long long)%s", cu_type(DT_PTR, op->out[0]->elt), a); /* NVRTC has no uintptr_t */
    if (r == DT_PTR)
      return fmt("(%s)%s", cu_type(DT_PTR, op->out[0]->elt), a);
    if (t == DT_PTR) /* ptrtoint */
      return fmt("(%s)(unsigned long long)%s", dtype_info[r].ctype, a);
    if (t == DT_F32)
      return fmt("(%s)__float_as_uint(%s)", dtype_info[r].ctype, a);
    if (r == DT_F32)
      return fmt("__uint_as_float((uint32_t)%s)", a);
    if (t == DT_F64)
      return fmt("(%s)__double_as_longlong(%s)", dtype_info[r].ctype, a);
    if (r == DT_F64)
      return fmt("__longlong_as_double((long long)%s)", a);
    if (t == DT_F16 || t == DT_BF16) {
      const char *bits = t == DT_F16 ? fmt("__half_as_ushort(__float2half_rn(%s))", a)
                                     : fmt("__bfloat16_as_ushort(__float2bfloat16_rn(%s))", a);
      if (r == DT_F16 || r == DT_BF16)
        return cu_load_val(r, bits);
      return fmt("(%s)%s", dtype_info[r].ctype, bits);
    }
    if (r == DT_F16 || r == DT_BF16)
      return cu_load_val(r, fmt("(uint16_t)%s", a));
    return fmt("(%s)%s", dtype_info[r].ctype, a);
  case O_RSQRT:
    return cu_round(t, fmt("rsqrt%s(%s)", sfx(t), a));
  case O_EXP: case O_EXP2:
    if (t == DT_F32 || t == DT_F16 || t == DT_BF16) {
      return cu_round(t, fmt("tc_%s(%s)", op->k == O_EXP ? "exp" : "exp2", a));
    }
    break;
  default:
    break;
  }
  const char *fn = math_fn(op->k);
  if (!fn)
    die("cu_unary: %s", op_names[op->k]);
  return cu_round(t, fmt("%s%s(%s)", fn, sfx(t), a));
}

/* fp_downcast_rounding="rtz" from fp32 (sema): cvt.rz.f16.f32, f2bf16.rz, or fp8e5 */
const char *cu_cast_rtz(DType f, DType to, const char *a) {
  if (dt_is_fp8(to))
    return cexpr_fp8_cast(f, to, a, true);
  if (to == DT_F16)
    return fmt("__half2float(__float2half_rz(%s))", a);
  return fmt("__bfloat162float(__float2bfloat16_rz(%s))", a);
}

static const char *round_cb(void *ctx, DType t, const char *x) {
  (void)ctx;
  return cu_round(t, x);
}

/* a conversion's text (support/cexpr.c), rounded to fp16 / bf16 by the CUDA intrinsics */
const char *cu_cast(DType f, DType to, const char *a) { return cexpr_cast(f, to, a, round_cb, NULL, false); }

static const char *binary_expr(CE *E, OpKind k, DType t, const char *a, const char *b,
                               bool count_in_width);

const char *cu_binary(CE *E, OpKind k, DType t, const char *a, const char *b) {
  return binary_expr(E, k, t, a, b, false);
}

/* op's binary expression on operands a and b: a shift by a count the axis facts know (one value,
 * from 0 to the width - 1, on every element) is a plain shift; any other count goes through
 * tc_shl / tc_shr, which define counts past the width as the GPU's shl / shr do */
const char *cu_op_binary(CE *E, const Op *op, DType t, const char *a, const char *b) {
  int64_t c;
  bool in_width = (op->k == O_SHL || op->k == O_SHR) && ax_const(op->in[1], &c) && c >= 0 &&
                  c < dt_bits(t);
  return binary_expr(E, op->k, t, a, b, in_width);
}

static const char *binary_expr(CE *E, OpKind k, DType t, const char *a, const char *b,
                               bool count_in_width) {
  bool fl = dt_is_float(t);
  const char *s = sfx(t);
  switch (k) {
  case O_ADD: case O_SUB: case O_MUL: {
    const char *o = k == O_ADD ? "+" : k == O_SUB ? "-" : "*";
    if (fl)
      return cu_round(t, fmt("(%s %s %s)", a, o, b));
    if (dt_is_signed(t) || dt_bits(t) < 32)
      return wrap(t, a, o, b);
    return fmt("(%s %s %s)", a, o, b);
  }
  case O_DIV:
    if (t == DT_F32 || t == DT_F16 || t == DT_BF16) {
      return cu_round(t, fmt("tc_div(%s, %s)", a, b));
    }
    return fmt("(%s / %s)", a, b);
  case O_MOD: return fl ? cu_round(t, fmt("fmod%s(%s, %s)", s, a, b)) : fmt("(%s %% %s)", a, b);
  case O_AND: return fmt("(%s & %s)", a, b);
  case O_OR: return fmt("(%s | %s)", a, b);
  case O_XOR: return t == DT_I1 ? fmt("(%s != %s)", a, b) : fmt("(%s ^ %s)", a, b);
  case O_SHL: case O_SHR:
    if (t != DT_I1 && !count_in_width) { /* tc_shl<int32_t>(a, b) */
      return fmt("tc_%s%s<%s>(%s, %s)", k == O_SHL ? "shl" : "shr", k == O_SHR && !dt_is_signed(t) ? "u" : "",
                 dtype_info[t].ctype, a, b);
    }
    if (k == O_SHL)
      return wrap(t, a, "<<", b);
    return fmt("(%s)(%s >> %s)", dtype_info[t].ctype, a, b);
  case O_MIN: return fl ? fmt("fmin%s(%s, %s)", s, a, b) : fmt("(%s < %s ? %s : %s)", a, b, a, b);
  case O_MAX: return fl ? fmt("fmax%s(%s, %s)", s, a, b) : fmt("(%s > %s ? %s : %s)", a, b, a, b);
  case O_MINP: case O_MAXP: /* NaN propagating: a NaN operand makes the sum NaN */
    if (!fl)
      return cu_binary(E, k == O_MINP ? O_MIN : O_MAX, t, a, b);
    return fmt("(%s != %s || %s != %s ? %s + %s : f%s%s(%s, %s))", a, a, b, b, a, b,
               k == O_MINP ? "min" : "max", s, a, b);
  case O_POW: return cu_round(t, fmt("pow%s(%s, %s)", s, a, b));
  case O_ATAN2: return cu_round(t, fmt("atan2%s(%s, %s)", s, a, b));
  case O_HYPOT: return cu_round(t, fmt("hypot%s(%s, %s)", s, a, b));
  case O_COPYSIGN: return fmt("copysign%s(%s, %s)", s, a, b);
  case O_UMULHI:
    if (dt_bits(t) == 64)
      return fmt("(%s)__umul64hi((unsigned long long)%s, (unsigned long long)%s)", dtype_info[t].ctype, a, b);
    return fmt("(%s)__umulhi((unsigned)%s, (unsigned)%s)", dtype_info[t].ctype, a, b);
  case O_PTRADD: return fmt("(%s + %s)", a, b);
  case O_LT: return fmt("(%s < %s)", a, b);
  case O_LE: return fmt("(%s <= %s)", a, b);
  case O_GT: return fmt("(%s > %s)", a, b);
  case O_GE: return fmt("(%s >= %s)", a, b);
  case O_EQ: return fmt("(%s == %s)", a, b);
  case O_NE: return fmt("(%s != %s)", a, b);
  default: die("cu_binary: %s", op_names[k]);
  }
}

const char *cu_load_val(DType elt, const char *lv) {
  if (elt == DT_I1)
    return fmt("(%s != 0)", lv);
  if (elt == DT_F16)
    return fmt("__half2float(__ushort_as_half(%s))", lv);
  if (elt == DT_BF16)
    return fmt("__bfloat162float(__ushort_as_bfloat16(%s))", lv);
  return lv;
}

const char *cu_store_val(DType elt, const char *v) {
  if (elt == DT_F16)
    return fmt("__half_as_ushort(__float2half_rn(%s))", v);
  if (elt == DT_BF16)
    return fmt("__bfloat16_as_ushort(__float2bfloat16_rn(%s))", v);
  if (elt == DT_I1)
    return fmt("(int8_t)%s", v);
  return v;
}


