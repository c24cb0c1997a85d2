/* emit_c.c — tile IR -> standalone C (one program function + an OpenMP grid launcher).
 *
 * A tile is a local C array shaped like the tile (`float x[64][128]`); a scalar is a local.
 * Consecutive elementwise ops of one shape form a *group*, emitted as one loop nest: inside it
 * each op is a statement on one element, and only values used outside the group are stored to
 * arrays (fusion). Broadcasts, splats, aranges, constants and reshapes that only add or drop
 * size-1 dimensions are *views*: they emit nothing and are read through index expressions.
 * Reductions, scans and data movement (permute, flip, join, ...) get their own loops.
 * Statements are preceded by the Python line they came from; fixed text comes from templates/.
 */
#include "emit_c.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

VInfo *vi(Value *v) {
  if (!v->aux)
    v->aux = arena_alloc(sizeof(VInfo));
  return v->aux;
}

const CVal *cv(Value *v) { return vi(v)->plan; }
bool is_remat(Value *v) { return cv(v)->remat; }

static void bind_block(const Kernel *k, Block *b) {
  for (int i = 0; i < b->nargs; i++)
    vi(b->args[i])->plan = c_val(k, b->args[i]);
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nout; j++)
      vi(op->out[j])->plan = c_val(k, op->out[j]);
    for (int r = 0; r < op->nreg; r++)
      bind_block(k, op->reg[r]);
  }
}

void bind_plan(const Kernel *k) { bind_block(k, k->body); }

/* ---- names ---- */

/* C keywords, the loop indices of every dimension (IDX: a Python `i5` would otherwise be shadowed
 * inside a rank-6 loop nest), the grid's names and the libm/stdint names the file uses. */
static const char *const reserved[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "i0", "i1", "i2",
    "i3", "i4", "i5", "i6", "i7", "i8", "i9", "ik", "pid_x", "pid_y", "pid_z", "grid_x",
    "grid_y", "grid_z", "main", "exp", "log",
    "sqrt", "fabs", "floor", "ceil", "pow", "fmin", "fmax", "fma", "erf", "tanh", "sin", "cos",
    "NAN", "INFINITY", "memcpy", "printf", "abort", "int8_t", "int16_t", "int32_t", "int64_t",
    "uint8_t", "uint16_t", "uint32_t", "uint64_t", NULL};

void names_push(Em *E, const char *s) { names_add(&E->names, s); }

void names_truncate(Em *E, int n) { names_drop(&E->names, n); }

const char *unique_name(Em *E, const char *base) {
  E->names.reserved = reserved; /* never given out: C's and the file's own names */
  return names_unique(&E->names, base);
}

const char *cname(Em *E, Value *v) {
  VInfo *i = vi(v);
  if (!i->cname) {
    const char *role = v->def && v->def->k == O_REDUCE ? "red" : v->def && v->def->k == O_SCAN ? "scan" : "t";
    i->cname = v->name ? unique_name(E, v->name) : unique_name(E, fmt("%s%d", role, E->ntemp++));
  }
  return i->cname;
}

/* ---- text ---- */

void line(Em *E, const char *f, ...) __attribute__((format(printf, 2, 3)));
void line(Em *E, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  buf_vline(E->o, E->ind, f, ap);
  va_end(ap);
}

/* The Python line an op came from, once per line change. */
void src_comment(Em *E, Loc loc) {
  if (!loc.line || loc.line == E->last_line)
    return;
  E->last_line = loc.line;
  const char *c = source_comment(loc);
  if (c)
    line(E, "%s", c);
}

/* ---- types and literals ---- */

const char *ctype(DType t, DType elt) {
  if (t == DT_PTR)
    return fmt("%s *", dtype_info[elt].ctype);
  if (t == DT_I1)
    return "bool";
  if (t == DT_F16 || t == DT_BF16)
    return "float";
  return dtype_info[t].ctype;
}

static const char *float_lit(double f, bool dbl) {
  if (isnan(f))
    return dbl ? "(double)NAN" : "NAN";
  if (isinf(f))
    return f > 0 ? (dbl ? "(double)INFINITY" : "INFINITY") : (dbl ? "-(double)INFINITY" : "-INFINITY");
  char buf[64];
  snprintf(buf, sizeof buf, dbl ? "%.17g" : "%.9g", f);
  if (strtod(buf, NULL) == f && strlen(buf) <= 12) {
    if (!strpbrk(buf, ".eE"))
      strcat(buf, ".0");
    return fmt("%s%s", buf, dbl ? "" : "f");
  }
  return fmt("%a%s /* %.9g */", f, dbl ? "" : "f", f);
}

const char *const_lit(Op *op) {
  Value *v = op->out[0];
  switch (v->dt) {
  case DT_I1: return op->ival ? "true" : "false";
  case DT_F16: case DT_BF16: case DT_F32: return float_lit(op->fval, false);
  case DT_F64: return float_lit(op->fval, true);
  case DT_F8E4NV: case DT_F8E5: case DT_F8E4B15:
    return fmt("(uint8_t)0x%02x /* %g */", fp8_encode(v->dt, op->fval, false), op->fval);
  case DT_I64:
    if (op->ival == INT64_MIN) return "INT64_MIN";
    return fmt("INT64_C(%lld)", (long long)op->ival);
  case DT_U64: return fmt("UINT64_C(%llu)", (unsigned long long)op->ival);
  case DT_U32: return fmt("%lluu", (unsigned long long)(uint32_t)op->ival);
  case DT_I32:
    if (op->ival == INT32_MIN) return "INT32_MIN";
    return fmt("%lld", (long long)op->ival);
  default: return fmt("(%s)%lld", dtype_info[v->dt].ctype, (long long)op->ival);
  }
}

/* ---- groups (c/plan.c decided them) ---- */

/* The fused reductions whose input group is g; their count in *n. */
static Op **fused_for(Em *E, int g, int *n) {
  const Vec *r = g >= 0 ? &E->plan->group[g].reds : NULL;
  *n = r ? r->n : 0;
  Op **out = arena_alloc(sizeof(Op *) * (size_t)(*n + 1));
  for (int i = 0; i < *n; i++)
    out[i] = r->v[i];
  return out;
}

const char *red_identity_of(Op *r) {
  bool f = r->in[0]->dt == DT_F32;
  if (r->comb == COMB_SUM)
    return f ? "0.0f" : "0";
  if (r->comb == COMB_MAX)
    return f ? "-INFINITY" : "INT32_MIN";
  return f ? "INFINITY" : "INT32_MAX";
}


/* ---- element access ---- */

typedef const char *Idx[MAXRANK];

const char *dims_decl(Shape s) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < s.rank; i++)
    buf_printf(&b, "[%d]", s.d[i]);
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

const char *index_str(Shape s, const char *const *idx) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < s.rank; i++)
    buf_printf(&b, "[%s]", s.d[i] == 1 ? "0" : idx[i]);
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

/* Index of the source element a broadcast or size-1 reshape view reads at idx. */
void view_src_index(Op *d, const char *const *idx, const char **n) {
  Value *src = d->in[0];
  if (d->k == O_BROADCAST) {
    for (int k = 0; k < src->sh.rank; k++)
      n[k] = src->sh.d[k] == 1 ? "0" : idx[k];
    return;
  }
  int j = 0;
  Shape o = d->out[0]->sh;
  for (int k = 0; k < src->sh.rank; k++) {
    if (src->sh.d[k] == 1) {
      n[k] = "0";
      continue;
    }
    while (j < o.rank && o.d[j] == 1)
      j++;
    n[k] = idx[j++];
  }
}

static const char *view_access(Em *E, Op *op, const char *const *idx) {
  Value *src = op->nin ? op->in[0] : NULL;
  Idx n = {0};
  switch (op->k) {
  case O_CONST: return const_lit(op);
  case O_ARG: return cname(E, op->out[0]);
  case O_SPLAT: return access(E, src, NULL);
  case O_ARANGE:
    return op->ival ? fmt("(%lld + %s)", (long long)op->ival, idx[0]) : idx[0];
  case O_BROADCAST: case O_RESHAPE:
    view_src_index(op, idx, n);
    return access(E, src, n);
  default:
    die("view_access: %s", op_names[op->k]);
  }
}

const char *access(Em *E, Value *v, const char *const *idx) {
  VInfo *i = vi(v);
  if (v->def && is_view_op(v->def) && v->def->k != O_ARG)
    return view_access(E, v->def, idx);
  if (i->inl)
    return i->inl;
  if (v->sh.rank == 0)
    return cname(E, v);
  if (is_remat(v))
    return ew_expr(E, v->def, idx);
  return fmt("%s%s", cname(E, v), index_str(v->sh, idx));
}

/* ---- elementwise expressions ---- */

const char *round_to(Em *E, DType t, const char *x) {
  if (t == DT_F16 || t == DT_BF16)
    E->calls = true;
  if (t == DT_F16) {
    E->need |= H_F16;
    return fmt("tc_round_f16(%s)", x);
  }
  if (t == DT_BF16) {
    E->need |= H_BF16;
    return fmt("tc_round_bf16(%s)", x);
  }
  return x;
}

static const char *utype(DType t) {
  return dt_bits(t) == 64 ? "uint64_t" : "uint32_t";
}

/* Integer + - * << wrap around in Triton; C signed overflow is undefined, so go unsigned. A shift
 * is a plain C shift when its count is known to lie in [0, width) (count_in_width); any other
 * count goes through a helper that defines counts past the width. */
static const char *int_wrap(Em *E, DType t, const char *a, OpKind k, const char *b,
                            bool count_in_width) {
  const char *op = k == O_ADD ? "+" : k == O_SUB ? "-" : k == O_MUL ? "*" : k == O_SHL ? "<<" : ">>";
  if (t == DT_I1)
    return fmt("(bool)((%s %s %s) & 1)", a, op, b);
  bool shift = k == O_SHL || k == O_SHR;
  bool plain_shift = shift && count_in_width;
  if (k == O_SHR && plain_shift)
    return fmt("(%s)(%s >> %s)", dtype_info[t].ctype, a, b);
  if (dt_is_signed(t) || (shift && !plain_shift)) {
    /* tc_add_i32(a, b) and friends from runtime/tc_helpers.h */
    Wrap *w = NULL;
    for (int i = 0; i < E->wraps.n && !w; i++) {
      Wrap *x = E->wraps.v[i];
      w = x->k == k && x->t == t ? x : NULL;
    }
    if (!w) {
      const char *name = k == O_ADD ? "add" : k == O_SUB ? "sub" : k == O_MUL ? "mul"
                         : k == O_SHL ? "shl" : "shr";
      w = arena_alloc(sizeof *w);
      *w = (Wrap){k, t, fmt("tc_%s_%s", name, dtype_info[t].sig), false};
      vec_push(&E->wraps, w);
    }
    return fmt("%s(%s, %s)", w->name, a, b);
  }
  return fmt("(%s)((%s)%s %s (%s)%s)", dtype_info[t].ctype, utype(t), a, op, utype(t), b);
}

const char *fsuf(DType t) { return t == DT_F64 ? "" : "f"; }

const char *math_call(Em *E, OpKind k, DType t, const char *a) {
  static const struct { OpKind k; const char *fn; int tc; } m[] = {
      {O_EXP, "exp", 1}, {O_EXP2, "exp2", 1}, {O_LOG, "log", 1}, {O_LOG2, "log2", 1},
      {O_LOG10, "log10", 0}, {O_LOG1P, "log1p", 0}, {O_EXPM1, "expm1", 0},
      {O_SQRT, "sqrt", 0}, {O_CBRT, "cbrt", 0}, {O_SIN, "sin", 1}, {O_COS, "cos", 1},
      {O_TAN, "tan", 0}, {O_ASIN, "asin", 0}, {O_ACOS, "acos", 0}, {O_ATAN, "atan", 0},
      {O_SINH, "sinh", 0}, {O_COSH, "cosh", 0}, {O_TANH, "tanh", 1}, {O_ASINH, "asinh", 0},
      {O_ACOSH, "acosh", 0}, {O_ATANH, "atanh", 0}, {O_ERF, "erf", 1}, {O_ERFC, "erfc", 0},
      {O_FLOOR, "floor", 0}, {O_CEIL, "ceil", 0}, {O_TRUNC, "trunc", 0}, {O_RINT, "rint", 0},
      {O_ROUND, "round", 0}, {O_J0, "j0", 2}, {O_J1, "j1", 2}, {O_Y0, "y0", 2},
      {O_Y1, "y1", 2}, {O_BESSEL_I0, "cyl_bessel_i0", 2}, {O_BESSEL_I1, "cyl_bessel_i1", 2},
      {O_CONST, NULL, 0}};
  if (k != O_FLOOR && k != O_CEIL && k != O_TRUNC && k != O_RINT && k != O_SQRT)
    E->calls = true;
  for (int i = 0; m[i].fn; i++)
    if (m[i].k == k) {
      bool tc = (m[i].tc && t != DT_F64) || m[i].tc == 2; /* 2: runtime's in both widths */
      if (tc)
        E->need |= H_MATH;
      return round_to(E, t, fmt("%s%s%s(%s)", tc ? "tc_" : "", m[i].fn, fsuf(t), a));
    }
  if (k == O_RSQRT)
    return round_to(E, t, fmt("(%s / sqrt%s(%s))", t == DT_F64 ? "1.0" : "1.0f", fsuf(t), a));
  die("math_call: %s", op_names[k]);
}

static const char *round_cb(void *E, DType t, const char *x) { return round_to(E, t, x); }

/* a conversion's text (support/cexpr.c), with the C target's rounding to fp16 / bf16 */
const char *cast_expr(Em *E, Value *from, DType to, const char *a) {
  if (dt_is_fp8(from->dt) || dt_is_fp8(to))
    E->calls = true;
  return cexpr_cast(from->dt, to, a, round_cb, E, true);
}

const char *bits_type(DType t) {
  switch (dt_bits(t)) {
  case 8: return "uint8_t";
  case 16: return "uint16_t";
  case 32: return "uint32_t";
  default: return "uint64_t";
  }
}

static const char *bitcast_expr(Em *E, DType from, DType to, const char *a) {
  E->calls = true;
  BitCast *c = NULL;
  for (int i = 0; i < E->bitcasts.n && !c; i++) {
    BitCast *x = E->bitcasts.v[i];
    c = x->from == from && x->to == to ? x : NULL;
  }
  if (!c) {
    c = arena_alloc(sizeof *c);
    *c = (BitCast){from, to, fmt("tc_bitcast_%s_%s", dtype_info[from].sig, dtype_info[to].sig)};
    vec_push(&E->bitcasts, c);
  }
  if (from == DT_F16 || to == DT_F16)
    E->need |= H_F16;
  if (from == DT_BF16 || to == DT_BF16)
    E->need |= H_BF16;
  return fmt("%s(%s)", c->name, a);
}

static const char *binary_expr(Em *E, OpKind k, DType t, const char *a, const char *b,
                               bool count_in_width) {
  bool fl = dt_is_float(t), sg = dt_is_signed(t) && t != DT_I1;
  switch (k) {
  case O_ADD: case O_SUB: case O_MUL: {
    const char *o = k == O_ADD ? "+" : k == O_SUB ? "-" : "*";
    if (fl)
      return round_to(E, t, fmt("(%s %s %s)", a, o, b));
    if (sg || dt_bits(t) < 32)
      return int_wrap(E, t, a, k, b, false);
    return fmt("(%s %s %s)", a, o, b);
  }
  case O_DIV: return fl ? round_to(E, t, fmt("(%s / %s)", a, b)) : fmt("(%s / %s)", a, b);
  case O_MOD:
    E->calls |= fl;
    return fl ? round_to(E, t, fmt("fmod%s(%s, %s)", fsuf(t), a, b)) : fmt("(%s %% %s)", a, b);
  case O_AND: return fmt("(%s & %s)", a, b); /* bool_logic: && for some bools */
  case O_OR: return fmt("(%s | %s)", a, b);
  case O_XOR: return t == DT_I1 ? fmt("(%s != %s)", a, b) : fmt("(%s ^ %s)", a, b);
  case O_SHL: case O_SHR: return int_wrap(E, t, a, k, b, count_in_width);
  default: break;
  }
  if (!strcmp(a, b)) { /* x < x, max(x, x): gcc's -Wtautological-compare on integers */
    switch (k) {
    case O_MIN: case O_MAX: case O_MINP: case O_MAXP: return a;
    case O_LT: case O_GT: if (!fl) return "false"; break;
    case O_NE: if (!fl) return "false"; break;
    case O_LE: case O_GE: case O_EQ: if (!fl) return "true"; break;
    default: break;
    }
  }
  /* min / max of bools are and / or (a > true is gcc's -Wbool-compare); && and || as
   * bool_logic writes them, so clang's -Wbitwise-instead-of-logical has nothing to say */
  if (t == DT_I1 && (k == O_MIN || k == O_MAX))
    return fmt("(%s %s %s)", a, k == O_MIN ? "&&" : "||", b);
  switch (k) {
  /* fminf/fmaxf semantics (a NaN operand loses) written as a select the compiler can inline */
  case O_MIN:
    return fl ? fmt("(%s != %s || %s < %s ? %s : %s)", a, a, b, a, b, a) : fmt("(%s < %s ? %s : %s)", a, b, a, b);
  case O_MAX:
    return fl ? fmt("(%s != %s || %s > %s ? %s : %s)", a, a, b, a, b, a) : fmt("(%s > %s ? %s : %s)", a, b, a, b);
  case O_MINP: case O_MAXP:
    if (!fl)
      return binary_expr(E, k == O_MINP ? O_MIN : O_MAX, t, a, b, false);
    E->need |= H_NANMM;
    return fmt("tc_%sp_%s(%s, %s)", k == O_MINP ? "min" : "max", t == DT_F64 ? "f64" : "f32", a, b);
  case O_POW: case O_ATAN2: case O_HYPOT:
    E->calls = true;
    break;
  default:
    break;
  }
  switch (k) {
  case O_POW: return round_to(E, t, fmt("pow%s(%s, %s)", fsuf(t), a, b));
  case O_ATAN2: return round_to(E, t, fmt("atan2%s(%s, %s)", fsuf(t), a, b));
  case O_HYPOT: return round_to(E, t, fmt("hypot%s(%s, %s)", fsuf(t), a, b));
  case O_COPYSIGN: return fmt("copysign%s(%s, %s)", fsuf(t), a, b);
  case O_UMULHI:
    if (dt_bits(t) == 64) /* a GCC/Clang extension: the C target's compilers have it */
      return fmt("(%s)(((unsigned __int128)(uint64_t)%s * (uint64_t)%s) >> 64)", dtype_info[t].ctype, a, b);
    return fmt("(%s)(((uint64_t)(uint32_t)%s * (uint32_t)%s) >> 32)", dtype_info[t].ctype, a, b);
  case O_PTRADD: return fmt("(%s + %s)", a, b);
  case O_LT: return fmt("(%s < %s)", a, b);
  case O_LE: return fmt("(%s <= %s)", a, b);
  case O_GT: return fmt("(%s > %s)", a, b);
  case O_GE: return fmt("(%s >= %s)", a, b);
  case O_EQ: return fmt("(%s == %s)", a, b);
  case O_NE: return fmt("(%s != %s)", a, b);
  default: die("ew_binary: %s", op_names[k]);
  }
}

const char *ew_binary(Em *E, OpKind k, DType t, const char *a, const char *b) {
  return binary_expr(E, k, t, a, b, false);
}

/* op's binary expression on operands a and b: a shift by a count the axis facts know (one
 * value, from 0 to the width - 1, on every element) is a plain C shift */
const char *ew_op_binary(Em *E, const Op *op, DType t, const char *a, const char *b) {
  int64_t c;
  bool in_width = (op->k == O_SHL || op->k == O_SHR) && ax_const(op->in[1], &c) && c >= 0 &&
                  c < dt_bits(t);
  return binary_expr(E, op->k, t, a, b, in_width);
}

/* A shift count that is a constant below the width of t (seen through splats and views). */
static bool const_count_below(Value *v, DType t) {
  while (v->def && (is_view_op(v->def) || v->def->k == O_SPLAT || v->def->k == O_BROADCAST))
    v = v->def->in[0];
  return v->def && v->def->k == O_CONST && v->def->ival >= 0 && v->def->ival < dt_bits(t);
}

/* Does op's own C expression (ew_expr's text, its operands aside) call a runtime helper, a
 * tc_* function? The op kinds and types for which ew_binary, int_wrap, round_to, cast_expr,
 * bitcast_expr, load_expr and math_call write one. */
static bool op_calls_helper(Op *op) {
  DType t = op->nin ? op->in[0]->dt : DT_I32, r = op->nout ? op->out[0]->dt : DT_I32;
  bool half = t == DT_F16 || t == DT_BF16; /* ew_binary's round_to */
  switch (op->k) {
  case O_ADD: case O_SUB: case O_MUL:
    return half || (!dt_is_float(t) && t != DT_I1 && dt_is_signed(t)); /* tc_add_i32 ... */
  case O_SHL: case O_SHR: /* signed <<, and counts other than constants below the width */
    return t != DT_I1 && ((op->k == O_SHL && dt_is_signed(t)) || !const_count_below(op->in[1], t));
  case O_DIV: case O_MOD: case O_POW: case O_ATAN2: case O_HYPOT: return half;
  case O_MINP: case O_MAXP: return dt_is_float(t);
  case O_CAST:
    return (op->flags & CAST_RTZ) || dt_is_fp8(t) || dt_is_fp8(r) || r == DT_F16 || r == DT_BF16;
  case O_BITCAST: return r != DT_PTR;
  case O_FMA: return !(op->flags & FMA_CONTRACT) && half;
  case O_LOAD: return r == DT_F16 || r == DT_BF16;
  case O_RSQRT: return half;
  default: break;
  }
  if (op_class[op->k] != K_UNARY || op->k == O_NOT || op->k == O_ABS || op->k == O_ISNAN ||
      op->k == O_ISINF || op->k == O_SIGNBIT)
    return false;
  /* math_call: tc_exp, tc_log ... for fp32 (not fp64); every fp16 / bf16 result is rounded */
  static const OpKind tc[] = {O_EXP, O_EXP2, O_LOG, O_LOG2, O_SIN, O_COS, O_TANH, O_ERF};
  for (size_t i = 0; i < sizeof tc / sizeof *tc; i++)
    if (op->k == tc[i] && t != DT_F64)
      return true;
  return half;
}

/* Does v, as access() writes it where it is read, call a runtime helper? Read through its C
 * variable (a scalar, an array, a local named where its group computes it) it calls none there;
 * inlined or recomputed, it calls what its op and its operands' inline forms call. */
static bool inline_calls_helper(Value *v) {
  Op *d = v->def;
  if (!d || d->k == O_CONST || d->k == O_ARG || d->k == O_ARANGE)
    return false;
  if (is_view_op(d))
    return inline_calls_helper(d->in[0]);
  VInfo *i = vi(v);
  if (i->inl ? i->inl == i->cname : v->sh.rank == 0 || !is_remat(v))
    return false;
  if (op_calls_helper(d))
    return true;
  for (int k = 0; k < d->nin; k++)
    if (inline_calls_helper(d->in[k]))
      return true;
  return false;
}

/* A bool and / or whose right operand calls a runtime helper is written && / || (the same
 * values: nothing there has effects), as clang's -Wbitwise-instead-of-logical wants; NULL for
 * the other and / or ops (ew_binary's & and |). */
const char *bool_logic(Op *op, const char *a, const char *b) {
  if ((op->k != O_AND && op->k != O_OR) || op->in[0]->dt != DT_I1 || !inline_calls_helper(op->in[1]))
    return NULL;
  return fmt("(%s %s %s)", a, op->k == O_AND ? "&&" : "||", b);
}

/* `const float x` / `float *const p` */
const char *const_decl(const char *type, const char *name) {
  size_t n = strlen(type);
  if (n && type[n - 1] == '*')
    return fmt("%sconst %s", type, name);
  return fmt("const %s %s", type, name);
}

/* `*(p + off)` reads better as `p[off]` when the pointer tile is not needed elsewhere. */
static const char *deref(Em *E, Value *ptr, const char *const *idx) {
  Op *d = ptr->def;
  if (d && d->k == O_PTRADD && inlinable(ptr) && d->group >= 0)
    return fmt("%s[%s]", access(E, d->in[0], idx), access(E, d->in[1], idx));
  return fmt("*%s", access(E, ptr, idx));
}

const char *load_expr(Em *E, DType elt, const char *p) {
  if (elt == DT_F16 || elt == DT_BF16)
    E->calls = true;
  if (elt == DT_I1)
    return fmt("(%s != 0)", p);
  if (elt == DT_F16) {
    E->need |= H_F16;
    return fmt("tc_f16_to_f32(%s)", p);
  }
  if (elt == DT_BF16) {
    E->need |= H_BF16;
    return fmt("tc_bf16_to_f32(%s)", p);
  }
  return p;
}

const char *store_val(Em *E, DType elt, const char *v) {
  if (elt == DT_F16 || elt == DT_BF16)
    E->calls = true;
  if (elt == DT_F16) {
    E->need |= H_F16;
    return fmt("tc_f32_to_f16(%s)", v);
  }
  if (elt == DT_BF16) {
    E->need |= H_BF16;
    return fmt("tc_f32_to_bf16(%s)", v);
  }
  if (elt == DT_I1)
    return fmt("(int8_t)%s", v);
  return v;
}

/* The expression for one element of an elementwise op (operands read at idx). */
const char *ew_expr(Em *E, Op *op, const char *const *idx) {
  const char *a = op->nin > 0 ? access(E, op->in[0], idx) : NULL;
  const char *b = op->nin > 1 ? access(E, op->in[1], idx) : NULL;
  const char *c = op->nin > 2 ? access(E, op->in[2], idx) : NULL;
  Value *r = op->nout ? op->out[0] : NULL;
  DType t = op->nin ? op->in[0]->dt : DT_I32;
  switch (op->k) {
  case O_NOT: return fmt("!%s", a);
  case O_ABS: /* of the smallest int32/int64 it is itself, as Triton's (wrapping) llvm.abs */
    if (dt_is_float(t))
      return fmt("fabs%s(%s)", fsuf(t), a);
    return fmt("(%s < 0 ? %s : %s)", a, dt_bits(t) >= 32 ? int_wrap(E, t, "0", O_SUB, a, false) : fmt("-%s", a), a);
  case O_ISNAN: return fmt("(isnan(%s) != 0)", a);
  case O_ISINF: return fmt("(isinf(%s) != 0)", a);
  case O_SIGNBIT: return fmt("(signbit(%s) != 0)", a);
  case O_CAST:
    if (op->flags & CAST_RTZ) { /* fp32 -> fp16, bf16 or float8e5 (sema) */
      E->calls = true;
      if (dt_is_fp8(r->dt))
        return cexpr_fp8_cast(op->in[0]->dt, r->dt, a, true);
      E->need |= r->dt == DT_F16 ? H_F16 : H_BF16;
      return fmt("tc_round_%s_rtz(%s)", r->dt == DT_F16 ? "f16" : "bf16", a);
    }
    return cast_expr(E, op->in[0], r->dt, a);
  case O_BITCAST:
    /* parenthesised: the caller may index or offset the result */
    if (r->dt == DT_PTR && t != DT_PTR) /* inttoptr */
      return fmt("((%s)(uintptr_t)%s)", ctype(DT_PTR, r->elt), a);
    if (r->dt == DT_PTR)
      return fmt("((%s)%s)", ctype(DT_PTR, r->elt), a);
    if (t == DT_PTR) /* ptrtoint */
      return fmt("((%s)(uintptr_t)%s)", ctype(r->dt, DT__COUNT), a);
    return bitcast_expr(E, t, r->dt, a);
  case O_SELECT: return fmt("(%s ? %s : %s)", a, b, c);
  case O_FMA:
    if (op->flags & FMA_CONTRACT) /* fusing optional: no fmaf call where FMA is missing */
      return fmt("(%s * %s + %s)", a, b, c);
    E->calls = true;
    return round_to(E, t, fmt("fma%s(%s, %s, %s)", fsuf(t), a, b, c));
  case O_LOAD:
    a = deref(E, op->in[0], idx);
    if (op->nin == 1)
      return load_expr(E, r->dt, a);
    return fmt("(%s ? %s : %s)", b, load_expr(E, r->dt, a),
               op->nin > 2 ? c : (r->dt == DT_I1 ? "false" : dt_is_float(r->dt) ? "0.0f" : "0"));
  default:
    break;
  }
  if (op_class[op->k] == K_UNARY)
    return math_call(E, op->k, t, a);
  const char *l = bool_logic(op, a, b);
  return l ? l : ew_op_binary(E, op, t, a, b);
}

/* ---- statements ---- */

const char *decl_of(Em *E, Value *v) {
  return fmt("%s %s%s", ctype(v->dt, v->elt), cname(E, v), dims_decl(v->sh));
}

void open_loops(Em *E, Shape s, const char *const *idx, bool simd) {
  for (int d = 0; d < s.rank; d++) {
    if (simd && d == s.rank - 1)
      line(E, "#pragma omp simd");
    line(E, "for (int %s = 0; %s < %d; %s++) {", idx[d], idx[d], s.d[d], idx[d]);
    E->ind++;
  }
}

void close_loops(Em *E, Shape s) {
  for (int d = 0; d < s.rank; d++) {
    E->ind--;
    line(E, "}");
  }
}

const char *const IDX[MAXRANK] = {"i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9"};

bool inlinable(Value *v) { return ir_inline_once(v) && !cv(v)->mat; }

/* One elementwise op inside a group loop (or as a scalar statement when idx is NULL). */
void emit_ew_stmt(Em *E, Op *op, const char *const *idx) {
  if (op->k == O_STORE) {
    src_comment(E, op->loc);
    const char *p = deref(E, op->in[0], idx);
    const char *v = store_val(E, op->in[0]->elt, access(E, op->in[1], idx));
    if (op->nin > 2)
      line(E, "if (%s)", access(E, op->in[2], idx)), E->ind++;
    line(E, "%s = %s;", p, v);
    if (op->nin > 2)
      E->ind--;
    return;
  }
  Value *r = op->out[0];
  const char *e = ew_expr(E, op, idx);
  VInfo *i = vi(r);
  if (r->sh.rank && cv(r)->mat) {
    src_comment(E, op->loc);
    line(E, "%s%s = %s;", cname(E, r), index_str(r->sh, idx), e);
  } else if (inlinable(r)) {
    i->inl = e;
  } else {
    src_comment(E, op->loc);
    line(E, "%s = %s;", const_decl(ctype(r->dt, r->elt), cname(E, r)), e);
    if (r->sh.rank)
      i->inl = cname(E, r);
  }
}

/* Named remat values a group reads (offsets, masks, pointer tiles) are computed inside the
 * group's loop nest under their Python names, at the loop level where their indices are known
 * (`offs_m` of `offs_m[:, None]` at the i0 loop); unnamed ones are inlined where used. A value
 * reached with two different index mappings (x[:, None] + x[None, :]) is inlined too. */

int idx_level(const char *s) {
  for (int k = 0; k < MAXRANK; k++)
    if (!strcmp(s, IDX[k]))
      return k + 1;
  return 0;
}

static void pull_remat(Em *E, Value *u, const char *const *idx, Vec *out) {
  if (u->sh.rank == 0 || !u->def)
    return;
  Op *d = u->def;
  if (is_view_op(d)) {
    Idx n = {0};
    if (d->k == O_BROADCAST || d->k == O_RESHAPE) {
      view_src_index(d, idx, n);
      pull_remat(E, d->in[0], n, out);
    }
    return;
  }
  if (!is_remat(u))
    return;
  for (int j = 0; j < d->nin; j++)
    pull_remat(E, d->in[j], idx, out);
  if (!u->name)
    return;
  for (int k = 0; k < out->n; k++) {
    Pulled *p = out->v[k];
    if (p->v != u)
      continue;
    for (int r = 0; r < u->sh.rank; r++)
      if (strcmp(p->idx[r], idx[r]) != 0)
        p->conflict = true;
    return;
  }
  Pulled *p = arena_alloc(sizeof *p);
  p->v = u;
  for (int r = 0; r < u->sh.rank; r++) {
    p->idx[r] = idx[r];
    if (idx_level(idx[r]) > p->level)
      p->level = idx_level(idx[r]);
  }
  vec_push(out, p);
}

static int by_value_id(const void *a, const void *b) {
  const Pulled *x = *(Pulled *const *)a, *y = *(Pulled *const *)b;
  return x->v->id - y->v->id;
}

void emit_pulled(Em *E, Pulled *p) {
  Value *v = p->v;
  src_comment(E, v->def->loc);
  line(E, "%s = %s;", const_decl(ctype(v->dt, v->elt), cname(E, v)), ew_expr(E, v->def, p->idx));
  vi(v)->inl = cname(E, v);
}

void collect_pulled(Em *E, Op **ops, int n, Vec *pulled) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < ops[i]->nin; j++)
      pull_remat(E, ops[i]->in[j], IDX, pulled);
  if (pulled->n > 1) /* qsort's array may not be NULL, even when empty */
    qsort(pulled->v, (size_t)pulled->n, sizeof(void *), by_value_id);
}

/* Emits the statements of the pulled values that belong at `level`. */
void emit_pulled_at(Em *E, Vec *pulled, int level) {
  for (int i = 0; i < pulled->n; i++) {
    Pulled *p = pulled->v[i];
    if (!p->conflict && (p->level == level || (level == 1 && p->level == 0)))
      emit_pulled(E, p);
  }
}

/* Only those of exactly `level` (emit_pulled_at also puts level 0 at level 1). */
void emit_pulled_only(Em *E, Vec *pulled, int level) {
  for (int i = 0; i < pulled->n; i++) {
    Pulled *p = pulled->v[i];
    if (!p->conflict && p->level == level)
      emit_pulled(E, p);
  }
}

void clear_pulled(Vec *pulled) {
  for (int i = 0; i < pulled->n; i++)
    vi(((Pulled *)pulled->v[i])->v)->inl = NULL;
}

static void emit_group(Em *E, Op **all, int nall) {
  Op **ops = arena_alloc(sizeof(Op *) * (size_t)nall);
  int n = 0;
  for (int i = 0; i < nall; i++)
    if (!all[i]->nout || !is_remat(all[i]->out[0]))
      ops[n++] = all[i];
  if (!n)
    return;
  Shape s = op_shape(ops[0]);
  Vec pulled = {0};
  collect_pulled(E, ops, n, &pulled);
  int nred;
  Op **red = fused_for(E, ops[0]->group, &nred);
  for (int i = 0; i < nred; i++)
    declare_results(E, red[i]);
  if (emit_group_simd(E, ops, n, &pulled, red, nred))
    return;
  for (int i = 0; i < n; i++)
    if (ops[i]->nout && cv(ops[i]->out[0])->mat && !cv(ops[i]->out[0])->into)
      line(E, "%s;", decl_of(E, ops[i]->out[0]));
  int saved_line = E->last_line;
  E->last_line = 0;
  for (int d = 0; d < s.rank; d++) {
    /* the innermost body goes to a side buffer first: `#pragma omp simd` is only promised for
     * loops without calls the compiler cannot vectorise (clang warns otherwise) */
    if (d == s.rank - 1) {
      Buf *saved_o = E->o, body = {0};
      E->o = &body;
      E->calls = false;
      E->ind++;
      emit_pulled_at(E, &pulled, d + 1);
      for (int i = 0; i < n; i++)
        emit_ew_stmt(E, ops[i], IDX);
      const char **acc = arena_alloc(sizeof(char *) * (size_t)(nred + 1));
      Buf clause = {0};
      for (int i = 0; i < nred; i++) {
        Op *r = red[i];
        bool sum = r->comb == COMB_SUM, mx = r->comb == COMB_MAX;
        acc[i] = unique_name(E, fmt("%s_acc", cname(E, r->out[0])));
        src_comment(E, r->loc);
        line(E, "%s = %s;", acc[i], ew_binary(E, sum ? O_ADD : mx ? O_MAX : O_MIN, r->in[0]->dt,
                                             acc[i], access(E, r->in[0], IDX)));
        buf_printf(&clause, " reduction(%s:%s)", sum ? "+" : mx ? "max" : "min", acc[i]);
      }
      E->ind--;
      E->o = saved_o;
      for (int i = 0; i < nred; i++)
        line(E, "%s %s = %s;", ctype(red[i]->in[0]->dt, DT__COUNT), acc[i], red_identity_of(red[i]));
      if (!E->calls)
        line(E, "#pragma omp simd%s", clause.s ? clause.s : "");
      line(E, "for (int %s = 0; %s < %d; %s++) {", IDX[d], IDX[d], s.d[d], IDX[d]);
      buf_puts(E->o, body.s ? body.s : "");
      buf_free(&body);
      buf_free(&clause);
      line(E, "}");
      for (int i = 0; i < nred; i++) {
        Value *r = red[i]->out[0];
        line(E, "%s%s = %s;", cname(E, r), index_str(r->sh, IDX), acc[i]);
      }
      break;
    }
    line(E, "for (int %s = 0; %s < %d; %s++) {", IDX[d], IDX[d], s.d[d], IDX[d]);
    E->ind++;
    emit_pulled_at(E, &pulled, d + 1);
  }
  for (int d = s.rank - 2; d >= 0; d--) {
    E->ind--;
    line(E, "}");
  }
  E->last_line = saved_line;
  for (int i = 0; i < n; i++)
    if (ops[i]->nout)
      vi(ops[i]->out[0])->inl = NULL;
  clear_pulled(&pulled);
}

/* Copies tile/scalar src into the variable dst (same shape). */
void emit_copy(Em *E, const char *dst, Value *src) {
  if (src->sh.rank == 0) {
    line(E, "%s = %s;", dst, access(E, src, NULL));
    return;
  }
  if (!src->def || (!is_view_op(src->def) && !vi(src)->inl && !is_remat(src))) {
    line(E, "memcpy(%s, %s, sizeof %s);", dst, cname(E, src), dst);
    return;
  }
  open_loops(E, src->sh, IDX, true);
  line(E, "%s%s = %s;", dst, index_str(src->sh, IDX), access(E, src, IDX));
  close_loops(E, src->sh);
}


void declare_results(Em *E, Op *op) {
  for (int i = 0; i < op->nout; i++)
    line(E, "%s;", decl_of(E, op->out[i]));
}

/* yield: copy each value into the parent op's result variables (via temporaries when a value
 * is itself one of the variables being overwritten). */
static void emit_yield(Em *E, Op *y, Value **dst) {
  const char **tmp = arena_alloc(sizeof(char *) * (size_t)(y->nin + 1));
  for (int i = 0; i < y->nin; i++) {
    Value *v = y->in[i];
    tmp[i] = NULL;
    if (y->nin > 1 && (v->sh.rank == 0 || !v->def || is_view_op(v->def) || is_remat(v))) {
      tmp[i] = unique_name(E, fmt("%s_next", cname(E, dst[i])));
      line(E, "%s %s%s;", ctype(v->dt, v->elt), tmp[i], dims_decl(v->sh));
      emit_copy(E, tmp[i], v);
    }
  }
  for (int i = 0; i < y->nin; i++) {
    if (vi(y->in[i])->cname && cname(E, y->in[i]) == cname(E, dst[i]))
      continue;
    if (tmp[i]) {
      if (y->in[i]->sh.rank)
        line(E, "memcpy(%s, %s, sizeof %s);", cname(E, dst[i]), tmp[i], tmp[i]);
      else
        line(E, "%s = %s;", cname(E, dst[i]), tmp[i]);
    } else {
      emit_copy(E, cname(E, dst[i]), y->in[i]);
    }
  }
}

Op *last_op(Block *b) { return b->nops ? b->ops[b->nops - 1] : NULL; }

static void emit_if(Em *E, Op *op) {
  declare_results(E, op);
  Block *tb = op->reg[0];
  if (tb->nops == 1 && tb->ops[0]->nin == 0) { /* `if c: return` — only the else part runs */
    line(E, "if (!%s) {", access(E, op->in[0], NULL));
    E->ind++;
    emit_block(E, op->reg[1]);
    Op *y = last_op(op->reg[1]);
    if (y && y->k == O_YIELD)
      emit_yield(E, y, op->out);
    E->ind--;
    line(E, "} /* if !%s */", access(E, op->in[0], NULL));
    return;
  }
  line(E, "if (%s) {", access(E, op->in[0], NULL));
  for (int r = 0; r < 2; r++) {
    E->ind++;
    Block *b = op->reg[r];
    emit_block(E, b);
    Op *y = last_op(b);
    if (y && y->k == O_YIELD)
      emit_yield(E, y, op->out);
    E->ind--;
    if (r == 0) {
      Block *eb = op->reg[1];
      if (eb->nops == 1 && eb->ops[0]->nin == 0)
        break;
      line(E, "} else {");
    }
  }
  line(E, "} /* if %s */", access(E, op->in[0], NULL));
}

static void share_names(Em *E, Op *op, Block *b, int first_arg) {
  for (int i = 0; i < op->nout; i++) {
    const char *n = cname(E, op->out[i]);
    vi(b->args[first_arg + i])->cname = n;
  }
}

static void emit_carried_init(Em *E, Op *op, int first_in) {
  for (int i = 0; i < op->nout; i++) {
    line(E, "%s;", decl_of(E, op->out[i]));
    emit_copy(E, cname(E, op->out[i]), op->in[first_in + i]);
  }
}

/* The loop's new values of carried tiles that the plan writes straight into the carried
 * variables (CVal.into) take those variables' names. */
static void alias_carried(Em *E, Op *loop, Op *yield) {
  for (int j = 0; j < loop->nout; j++)
    if (cv(yield->in[j])->into == loop->out[j])
      vi(yield->in[j])->cname = cname(E, loop->out[j]);
}

// for iv in range(lo, hi, step)
static void emit_for(Em *E, Op *op) {
  Block *b = op->reg[0];
  share_names(E, op, b, 1);
  emit_carried_init(E, op, 3);
  Value *iv = b->args[0];
  const char *n = cname(E, iv), *hi = access(E, op->in[1], NULL), *st = access(E, op->in[2], NULL);
  const char *cond = op->flags == 1 ? fmt("%s < %s", n, hi)
                     : op->flags == 2 ? fmt("%s > %s", n, hi)
                                      : fmt("(%s > 0 ? %s < %s : %s > %s)", st, n, hi, n, hi);
  alias_carried(E, op, last_op(b));
  emit_dot_panels_open(E, b);
  line(E, "for (%s %s = %s; %s; %s += %s) {", ctype(iv->dt, DT__COUNT), n,
       access(E, op->in[0], NULL), cond, n, st);
  E->ind++;
  emit_block(E, b);
  Op *y = last_op(b);
  emit_yield(E, y, op->out);
  E->ind--;
  line(E, "} /* for %s */", n);
  emit_dot_panels_close(E, b);
}

// while cond: body
static void emit_while(Em *E, Op *op) {
  share_names(E, op, op->reg[0], 0);
  share_names(E, op, op->reg[1], 0);
  emit_carried_init(E, op, 0);
  line(E, "for (;;) {");
  E->ind++;
  emit_block(E, op->reg[0]);
  Op *c = last_op(op->reg[0]);
  line(E, "if (!%s)", access(E, c->in[0], NULL));
  line(E, "  break;");
  emit_block(E, op->reg[1]);
  emit_yield(E, last_op(op->reg[1]), op->out);
  E->ind--;
  line(E, "} /* while */");
}

// tl.device_print(prefix, x, ...): one line per element of each operand in turn, in Triton's
// format "pid (X, Y, Z) idx (I, J) prefix: (operand N) VALUE" (the operand only when several)
static void emit_print(Em *E, Op *op) {
  if (!op->nin) {
    line(E, "printf(\"pid (%%d, %%d, %%d)%s\\n\", pid_x, pid_y, pid_z);", printf_text(op->str));
    return;
  }
  for (int i = 0; i < op->nin; i++) {
    Value *v = op->in[i];
    open_loops(E, v->sh, IDX, false);
    Buf a = {0};
    buf_puts(&a, "pid_x, pid_y, pid_z");
    for (int d = 0; d < v->sh.rank; d++)
      buf_printf(&a, ", %s", IDX[d]);
    const char *opn = op->nin > 1 ? fmt("(operand %d) ", i) : "";
    line(E, "printf(\"pid (%%d, %%d, %%d) %s%s%s%s\\n\", %s, %s);", print_idx_fmt(v->sh), printf_text(op->str),
         opn, print_fmt(v->dt), a.s, print_arg(v->dt, access(E, v, IDX)));
    buf_free(&a);
    close_loops(E, v->sh);
  }
}

// tl.device_assert(cond, msg) / assert cond, msg: the message of Triton's __assertfail
// ("FILE:LINE: KERNEL: block: [X,Y,Z], thread: [...] Assertion `MSG` failed."), without the
// thread a CPU does not have; then abort()
static void emit_assert(Em *E, Op *op) {
  Shape s = op->in[0]->sh;
  open_loops(E, s, IDX, false);
  line(E, "if (!%s) {", access(E, op->in[0], IDX));
  line(E, "  fprintf(stderr, \"%s:%d: %s: block: [%%d,%%d,%%d] Assertion `%s` failed.\\n\", pid_x, "
          "pid_y, pid_z);",
       printf_text(op->loc.file), op->loc.line, E->k->name, printf_text(op->str));
  line(E, "  abort();");
  line(E, "}");
  close_loops(E, s);
}

static void emit_scalar_stmt(Em *E, Op *op) {
  switch (op->k) {
  case O_PROGRAM_ID: case O_NUM_PROGRAMS: {
    const char *src = fmt("%s_%c", op->k == O_PROGRAM_ID ? "pid" : "grid", "xyz"[op->axis]);
    src_comment(E, op->loc);
    line(E, "const int32_t %s = %s;", cname(E, op->out[0]), src);
    return;
  }
  case O_LOAD:
    src_comment(E, op->loc);
    line(E, "%s = %s;", const_decl(ctype(op->out[0]->dt, op->out[0]->elt), cname(E, op->out[0])),
         ew_expr(E, op, NULL));
    return;
  default:
    emit_ew_stmt(E, op, NULL);
  }
}

void emit_op(Em *E, Op *op) {
  switch (op->k) {
  case O_IF: src_comment(E, op->loc); emit_if(E, op); return;
  case O_FOR: src_comment(E, op->loc); emit_for(E, op); return;
  case O_WHILE: src_comment(E, op->loc); emit_while(E, op); return;
  case O_YIELD: case O_CONDITION: case O_BARRIER: case O_RETURN: return;
  case O_PRINT: src_comment(E, op->loc); emit_print(E, op); return;
  case O_ASSERT: src_comment(E, op->loc); emit_assert(E, op); return;
  case O_REDUCE: case O_SCAN:
    if (op->k == O_REDUCE && op->fused)
      return; /* computed in its input's loop */
    src_comment(E, op->loc);
    emit_reduce_or_scan(E, op);
    return;
  case O_PERMUTE: case O_FLIP: case O_JOIN: case O_SPLIT: case O_CAT: case O_RESHAPE:
    src_comment(E, op->loc);
    emit_movement(E, op);
    return;
  case O_SORT: case O_GATHER: case O_HISTOGRAM:
    src_comment(E, op->loc);
    emit_sort_op(E, op);
    return;
  case O_DOT:
    src_comment(E, op->loc);
    emit_dot(E, op);
    return;
  case O_ATOMIC: src_comment(E, op->loc); emit_atomic(E, op); return;
  case O_SREG: /* globaltimer: check_gpu_only refused the rest */
    src_comment(E, op->loc);
    line(E, "const int64_t %s = tc_globaltimer();", cname(E, op->out[0]));
    return;
  default:
    emit_scalar_stmt(E, op);
  }
}

void emit_block(Em *E, Block *b) {
  for (int i = 0; i < b->nops;) {
    Op *op = b->ops[i];
    if (is_view_op(op)) {
      i++;
      continue;
    }
    int g = op->group;
    if (g < 0) {
      emit_op(E, op);
      i++;
      continue;
    }
    /* collect the group up to its last op; scalar ops in between are emitted first (grouping
     * let them in only when they cannot depend on the group), reductions in between are
     * computed in the group's loop */
    int last = E->plan->group[g].last;
    Op **ops = arena_alloc(sizeof(Op *) * (size_t)(last - i + 1));
    int n = 0, j = i;
    for (; j <= last; j++) {
      Op *o = b->ops[j];
      if (o->group == g)
        ops[n++] = o;
      else if (is_view_op(o) || (o->k == O_REDUCE && o->fused))
        continue;
      else if (o->group < 0 && scalar_in_group(o, false))
        emit_op(E, o);
      else
        break;
    }
    emit_group(E, ops, n);
    i = j;
  }
}

