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
#include "tritonc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { H_F16 = 1, H_BF16 = 2, H_NANMM = 4, H_MATH = 8 };

typedef struct VInfo {
  const char *cname; /* C variable (array or scalar); NULL until named */
  const char *inl;   /* expression to use inside the current group instead of cname */
  int group;         /* group of the defining op, -1 if none */
  bool mat;          /* stored to an array (tiles) */
} VInfo;

typedef struct Em {
  Buf *o;
  Kernel *k;
  int ind;
  int last_line;
  unsigned need;
  int ntemp, ngroups;
  Vec names;
  Vec bitcasts; /* "from_to" pairs needing a helper */
  bool calls;   /* the current group calls a function that blocks vectorisation */
} Em;

static VInfo *vi(Value *v) {
  if (!v->aux)
    v->aux = arena_alloc(sizeof(VInfo));
  return v->aux;
}

static int opgroup(Op *op) { return op->aux ? *(int *)op->aux - 1 : -1; }
static void set_opgroup(Op *op, int g) {
  int *p = arena_alloc(sizeof(int));
  *p = g + 1;
  op->aux = p;
}

/* ---- names ---- */

static const char *const reserved[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "i0", "i1", "i2",
    "i3", "ik", "pid_x", "pid_y", "pid_z", "grid_x", "grid_y", "grid_z", "main", "exp", "log",
    "sqrt", "fabs", "floor", "ceil", "pow", "fmin", "fmax", "fma", "erf", "tanh", "sin", "cos",
    "NAN", "INFINITY", "memcpy", "printf", "abort", "int8_t", "int16_t", "int32_t", "int64_t",
    "uint8_t", "uint16_t", "uint32_t", "uint64_t", NULL};

static bool name_used(Em *E, const char *s) {
  for (int i = 0; reserved[i]; i++)
    if (!strcmp(reserved[i], s))
      return true;
  for (int i = 0; i < E->names.n; i++)
    if (!strcmp(E->names.v[i], s))
      return true;
  return false;
}

static const char *unique_name(Em *E, const char *base) {
  const char *s = base;
  for (int n = 1; name_used(E, s); n++)
    s = fmt("%s_%d", base, n);
  vec_push(&E->names, (void *)s);
  return s;
}

static const char *cname(Em *E, Value *v) {
  VInfo *i = vi(v);
  if (!i->cname) {
    const char *role = v->def && v->def->k == O_REDUCE ? "red" : v->def && v->def->k == O_SCAN ? "scan" : "t";
    i->cname = v->name ? unique_name(E, v->name) : unique_name(E, fmt("%s%d", role, E->ntemp++));
  }
  return i->cname;
}

/* ---- text ---- */

static void line(Em *E, const char *f, ...) __attribute__((format(printf, 2, 3)));
static void line(Em *E, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  char *s;
  int n = vsnprintf(NULL, 0, f, ap);
  va_end(ap);
  s = malloc((size_t)n + 1);
  va_start(ap, f);
  vsnprintf(s, (size_t)n + 1, f, ap);
  va_end(ap);
  buf_printf(E->o, "%*s%s\n", E->ind * 2, "", s);
  free(s);
}

/* The Python line an op came from, once per line change. */
static void src_comment(Em *E, Loc loc) {
  if (!loc.line || loc.line == E->last_line)
    return;
  E->last_line = loc.line;
  int len;
  const char *s = source_line(loc.file, loc.line, &len);
  if (!s)
    return;
  while (len > 0 && (*s == ' ' || *s == '\t'))
    s++, len--;
  Buf b = {0};
  for (int i = 0; i < len && i < 160; i++) {
    char c = s[i];
    if (c == '*' && i + 1 < len && s[i + 1] == '/')
      c = '+';
    buf_printf(&b, "%c", (unsigned char)c < 32 ? ' ' : c);
  }
  const char *base = strrchr(loc.file, '/');
  line(E, "/* %s:%d: %s */", base ? base + 1 : loc.file, loc.line, b.s ? b.s : "");
  buf_free(&b);
}

/* ---- types and literals ---- */

static const char *ctype(DType t, DType elt) {
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

static const char *const_lit(Op *op) {
  Value *v = op->out[0];
  switch (v->dt) {
  case DT_I1: return op->ival ? "true" : "false";
  case DT_F16: case DT_BF16: case DT_F32: return float_lit(op->fval, false);
  case DT_F64: return float_lit(op->fval, true);
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

/* ---- grouping ---- */

static bool is_view_op(Op *op) {
  switch (op->k) {
  case O_CONST: case O_ARG: case O_SPLAT: case O_BROADCAST: case O_ARANGE:
    return true;
  case O_RESHAPE: {
    Shape a = op->in[0]->sh, b = op->out[0]->sh;
    int na = 0, nb = 0, da[MAXRANK], db[MAXRANK];
    for (int i = 0; i < a.rank; i++) if (a.d[i] != 1) da[na++] = a.d[i];
    for (int i = 0; i < b.rank; i++) if (b.d[i] != 1) db[nb++] = b.d[i];
    return na == nb && !memcmp(da, db, sizeof(int) * (size_t)na);
  }
  default:
    return false;
  }
}

static bool is_elementwise(Op *op) {
  int c = op_class[op->k];
  if (op->k == O_STORE)
    return op->in[0]->sh.rank > 0;
  if (!op->nout || op->out[0]->sh.rank == 0)
    return false;
  return c == K_UNARY || c == K_BINARY || c == K_CMP || c == K_TERNARY || op->k == O_LOAD;
}

static Shape op_shape(Op *op) { return op->k == O_STORE ? op->in[0]->sh : op->out[0]->sh; }

static void group_block(Em *E, Block *b);

static void group_ops(Em *E, Block *b) {
  int cur = -1;
  Shape cs = {0};
  bool has_store = false;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      group_block(E, op->reg[r]);
    if (is_view_op(op))
      continue;
    if (is_elementwise(op)) {
      if (cur < 0 || !shape_eq(cs, op_shape(op))) {
        cur = E->ngroups++;
        cs = op_shape(op);
        has_store = false;
      }
      has_store |= op->k == O_STORE;
      set_opgroup(op, cur);
      continue;
    }
    bool scalar = op->nout && op->out[0]->sh.rank == 0 && op_class[op->k] != K_CTRL &&
                  op_class[op->k] != K_RED && !(op->k == O_LOAD && has_store);
    if (!scalar)
      cur = -1;
  }
}

static void group_block(Em *E, Block *b) { group_ops(E, b); }

/* A value computed in a group is stored to an array when anything outside the group uses it. */
static void mark_uses(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++) {
      Value *v = op->in[j];
      if (v->def && opgroup(v->def) >= 0 && opgroup(v->def) != opgroup(op))
        vi(v)->mat = true;
    }
    for (int r = 0; r < op->nreg; r++)
      mark_uses(op->reg[r]);
  }
}

/* ---- element access ---- */

typedef const char *Idx[MAXRANK];

static const char *dims_decl(Shape s) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < s.rank; i++)
    buf_printf(&b, "[%d]", s.d[i]);
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static const char *index_str(Shape s, const char *const *idx) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < s.rank; i++)
    buf_printf(&b, "[%s]", s.d[i] == 1 ? "0" : idx[i]);
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static const char *access(Em *E, Value *v, const char *const *idx);

static const char *view_access(Em *E, Op *op, const char *const *idx) {
  Value *src = op->nin ? op->in[0] : NULL;
  Idx n = {0};
  switch (op->k) {
  case O_CONST: return const_lit(op);
  case O_ARG: return cname(E, op->out[0]);
  case O_SPLAT: return access(E, src, NULL);
  case O_ARANGE:
    return op->ival ? fmt("(%lld + %s)", (long long)op->ival, idx[0]) : idx[0];
  case O_BROADCAST:
    for (int d = 0; d < src->sh.rank; d++)
      n[d] = src->sh.d[d] == 1 ? "0" : idx[d];
    return access(E, src, n);
  case O_RESHAPE: {
    int j = 0;
    Shape out = op->out[0]->sh;
    for (int d = 0; d < src->sh.rank; d++) {
      if (src->sh.d[d] == 1) {
        n[d] = "0";
        continue;
      }
      while (j < out.rank && out.d[j] == 1)
        j++;
      n[d] = idx[j++];
    }
    return access(E, src, n);
  }
  default:
    die("view_access: %s", op_names[op->k]);
  }
}

static const char *access(Em *E, Value *v, const char *const *idx) {
  VInfo *i = vi(v);
  if (v->def && is_view_op(v->def) && v->def->k != O_ARG)
    return view_access(E, v->def, idx);
  if (i->inl)
    return i->inl;
  if (v->sh.rank == 0)
    return cname(E, v);
  return fmt("%s%s", cname(E, v), index_str(v->sh, idx));
}

/* ---- elementwise expressions ---- */

static const char *round_to(Em *E, DType t, const char *x) {
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

/* Integer + - * << wrap around in Triton; C signed overflow is undefined, so go unsigned. */
static const char *int_wrap(DType t, const char *a, const char *op, const char *b) {
  if (t == DT_I1)
    return fmt("(bool)((%s %s %s) & 1)", a, op, b);
  return fmt("(%s)((%s)%s %s (%s)%s)", dtype_info[t].ctype, utype(t), a, op, utype(t), b);
}

static const char *fsuf(DType t) { return t == DT_F64 ? "" : "f"; }

static const char *math_call(Em *E, OpKind k, DType t, const char *a) {
  static const struct { OpKind k; const char *fn; bool tc; } m[] = {
      {O_EXP, "exp", 1}, {O_EXP2, "exp2", 1}, {O_LOG, "log", 1}, {O_LOG2, "log2", 1},
      {O_LOG10, "log10", 0}, {O_LOG1P, "log1p", 0}, {O_EXPM1, "expm1", 0},
      {O_SQRT, "sqrt", 0}, {O_CBRT, "cbrt", 0}, {O_SIN, "sin", 1}, {O_COS, "cos", 1},
      {O_TAN, "tan", 0}, {O_ASIN, "asin", 0}, {O_ACOS, "acos", 0}, {O_ATAN, "atan", 0},
      {O_SINH, "sinh", 0}, {O_COSH, "cosh", 0}, {O_TANH, "tanh", 1}, {O_ASINH, "asinh", 0},
      {O_ACOSH, "acosh", 0}, {O_ATANH, "atanh", 0}, {O_ERF, "erf", 1}, {O_ERFC, "erfc", 0},
      {O_FLOOR, "floor", 0}, {O_CEIL, "ceil", 0}, {O_TRUNC, "trunc", 0}, {O_RINT, "rint", 0},
      {O_ROUND, "round", 0}, {O_CONST, NULL, 0}};
  if (k != O_FLOOR && k != O_CEIL && k != O_TRUNC && k != O_RINT && k != O_SQRT)
    E->calls = true;
  for (int i = 0; m[i].fn; i++)
    if (m[i].k == k) {
      bool tc = m[i].tc && t != DT_F64;
      if (tc)
        E->need |= H_MATH;
      return round_to(E, t, fmt("%s%s%s(%s)", tc ? "tc_" : "", m[i].fn, fsuf(t), a));
    }
  if (k == O_RSQRT)
    return round_to(E, t, fmt("(%s / sqrt%s(%s))", t == DT_F64 ? "1.0" : "1.0f", fsuf(t), a));
  die("math_call: %s", op_names[k]);
}

static const char *cast_expr(Em *E, Value *from, DType to, const char *a) {
  DType f = from->dt;
  if (to == DT_I1)
    return fmt("(%s != 0)", a);
  if (dt_is_float(to)) {
    if (dt_is_float(f) && (to == DT_F32 || to == DT_F64) && dt_bits(f) <= dt_bits(to))
      return to == DT_F64 && f != DT_F64 ? fmt("(double)%s", a) : a;
    const char *c = to == DT_F64 ? fmt("(double)%s", a) : fmt("(float)%s", a);
    if (to == DT_F16 || to == DT_BF16) {
      if (f == DT_F16 && to == DT_BF16)
        c = a;
      return round_to(E, to, c);
    }
    return c;
  }
  return fmt("(%s)%s", dtype_info[to].ctype, a);
}

static const char *bits_type(DType t) {
  switch (dt_bits(t)) {
  case 8: return "uint8_t";
  case 16: return "uint16_t";
  case 32: return "uint32_t";
  default: return "uint64_t";
  }
}

static const char *bitcast_expr(Em *E, DType from, DType to, const char *a) {
  E->calls = true;
  const char *pair = fmt("%s_%s", dtype_info[from].sig, dtype_info[to].sig);
  bool have = false;
  for (int i = 0; i < E->bitcasts.n; i++)
    have |= !strcmp(E->bitcasts.v[i], pair);
  if (!have)
    vec_push(&E->bitcasts, (void *)pair);
  if (from == DT_F16 || to == DT_F16)
    E->need |= H_F16;
  if (from == DT_BF16 || to == DT_BF16)
    E->need |= H_BF16;
  return fmt("tc_bitcast_%s(%s)", pair, a);
}

static const char *ew_binary(Em *E, OpKind k, DType t, const char *a, const char *b) {
  bool fl = dt_is_float(t), sg = dt_is_signed(t) && t != DT_I1;
  switch (k) {
  case O_ADD: case O_SUB: case O_MUL: {
    const char *o = k == O_ADD ? "+" : k == O_SUB ? "-" : "*";
    if (fl)
      return round_to(E, t, fmt("(%s %s %s)", a, o, b));
    if (sg || dt_bits(t) < 32)
      return int_wrap(t, a, o, b);
    return fmt("(%s %s %s)", a, o, b);
  }
  case O_DIV: return fl ? round_to(E, t, fmt("(%s / %s)", a, b)) : fmt("(%s / %s)", a, b);
  case O_MOD:
    E->calls |= fl;
    return fl ? round_to(E, t, fmt("fmod%s(%s, %s)", fsuf(t), a, b)) : fmt("(%s %% %s)", a, b);
  case O_AND: return fmt("(%s & %s)", a, b);
  case O_OR: return fmt("(%s | %s)", a, b);
  case O_XOR: return t == DT_I1 ? fmt("(%s != %s)", a, b) : fmt("(%s ^ %s)", a, b);
  case O_SHL: return int_wrap(t, a, "<<", b);
  case O_SHR: return fmt("(%s)(%s >> %s)", dtype_info[t].ctype, a, b);
  case O_MIN: return fl ? fmt("fmin%s(%s, %s)", fsuf(t), a, b) : fmt("(%s < %s ? %s : %s)", a, b, a, b);
  case O_MAX: return fl ? fmt("fmax%s(%s, %s)", fsuf(t), a, b) : fmt("(%s > %s ? %s : %s)", a, b, a, b);
  case O_MINP: case O_MAXP:
    if (!fl)
      return ew_binary(E, k == O_MINP ? O_MIN : O_MAX, t, a, b);
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

static bool inlinable(Value *v);

/* `const float x` / `float *const p` */
static const char *const_decl(const char *type, const char *name) {
  size_t n = strlen(type);
  if (n && type[n - 1] == '*')
    return fmt("%sconst %s", type, name);
  return fmt("const %s %s", type, name);
}

/* `*(p + off)` reads better as `p[off]` when the pointer tile is not needed elsewhere. */
static const char *deref(Em *E, Value *ptr, const char *const *idx) {
  Op *d = ptr->def;
  if (d && d->k == O_PTRADD && inlinable(ptr) && opgroup(d) >= 0)
    return fmt("%s[%s]", access(E, d->in[0], idx), access(E, d->in[1], idx));
  return fmt("*%s", access(E, ptr, idx));
}

static const char *load_expr(Em *E, DType elt, const char *p) {
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

static const char *store_val(Em *E, DType elt, const char *v) {
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
static const char *ew_expr(Em *E, Op *op, const char *const *idx) {
  const char *a = op->nin > 0 ? access(E, op->in[0], idx) : NULL;
  const char *b = op->nin > 1 ? access(E, op->in[1], idx) : NULL;
  const char *c = op->nin > 2 ? access(E, op->in[2], idx) : NULL;
  Value *r = op->nout ? op->out[0] : NULL;
  DType t = op->nin ? op->in[0]->dt : DT_I32;
  switch (op->k) {
  case O_NOT: return fmt("!%s", a);
  case O_ABS:
    return dt_is_float(t) ? fmt("fabs%s(%s)", fsuf(t), a) : fmt("(%s < 0 ? -%s : %s)", a, a, a);
  case O_ISNAN: return fmt("(isnan(%s) != 0)", a);
  case O_ISINF: return fmt("(isinf(%s) != 0)", a);
  case O_SIGNBIT: return fmt("(signbit(%s) != 0)", a);
  case O_CAST: return cast_expr(E, op->in[0], r->dt, a);
  case O_BITCAST:
    if (r->dt == DT_PTR)
      return fmt("(%s)%s", ctype(DT_PTR, r->elt), a);
    return bitcast_expr(E, t, r->dt, a);
  case O_SELECT: return fmt("(%s ? %s : %s)", a, b, c);
  case O_FMA:
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
  return ew_binary(E, op->k, t, a, b);
}

/* ---- statements ---- */

static void emit_block(Em *E, Block *b);

static const char *decl_of(Em *E, Value *v) {
  return fmt("%s %s%s", ctype(v->dt, v->elt), cname(E, v), dims_decl(v->sh));
}

static void open_loops(Em *E, Shape s, const char *const *idx, bool simd) {
  for (int d = 0; d < s.rank; d++) {
    if (simd && d == s.rank - 1)
      line(E, "#pragma omp simd");
    line(E, "for (int %s = 0; %s < %d; %s++) {", idx[d], idx[d], s.d[d], idx[d]);
    E->ind++;
  }
}

static void close_loops(Em *E, Shape s) {
  for (int d = 0; d < s.rank; d++) {
    E->ind--;
    line(E, "}");
  }
}

static const char *const IDX[MAXRANK] = {"i0", "i1", "i2", "i3"};

static bool inlinable(Value *v) {
  return !v->name && v->uses == 1 && !vi(v)->mat && v->def->k != O_LOAD;
}

/* One elementwise op inside a group loop (or as a scalar statement when idx is NULL). */
static void emit_ew_stmt(Em *E, Op *op, const char *const *idx) {
  src_comment(E, op->loc);
  if (op->k == O_STORE) {
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
  if (r->sh.rank && i->mat) {
    line(E, "%s%s = %s;", cname(E, r), index_str(r->sh, idx), e);
  } else if (inlinable(r)) {
    i->inl = e;
  } else {
    line(E, "%s = %s;", const_decl(ctype(r->dt, r->elt), cname(E, r)), e);
    if (r->sh.rank)
      i->inl = cname(E, r);
  }
}

static void emit_group(Em *E, Op **ops, int n) {
  Shape s = op_shape(ops[0]);
  for (int i = 0; i < n; i++)
    if (ops[i]->nout && vi(ops[i]->out[0])->mat)
      line(E, "%s;", decl_of(E, ops[i]->out[0]));
  /* The body goes to a side buffer first: `#pragma omp simd` is only promised for loops
   * without calls the compiler cannot vectorise (clang warns otherwise). */
  Buf *saved_o = E->o, body = {0};
  E->o = &body;
  E->calls = false;
  E->ind += s.rank;
  int saved_line = E->last_line;
  E->last_line = 0;
  for (int i = 0; i < n; i++)
    emit_ew_stmt(E, ops[i], IDX);
  E->ind -= s.rank;
  E->o = saved_o;
  open_loops(E, s, IDX, !E->calls);
  buf_puts(E->o, body.s ? body.s : "");
  buf_free(&body);
  close_loops(E, s);
  E->last_line = saved_line;
  for (int i = 0; i < n; i++)
    if (ops[i]->nout)
      vi(ops[i]->out[0])->inl = NULL;
}

/* Copies tile/scalar src into the variable dst (same shape). */
static void emit_copy(Em *E, const char *dst, Value *src) {
  if (src->sh.rank == 0) {
    line(E, "%s = %s;", dst, access(E, src, NULL));
    return;
  }
  if (!src->def || (!is_view_op(src->def) && !vi(src)->inl)) {
    line(E, "memcpy(%s, %s, sizeof %s);", dst, cname(E, src), dst);
    return;
  }
  open_loops(E, src->sh, IDX, true);
  line(E, "%s%s = %s;", dst, index_str(src->sh, IDX), access(E, src, IDX));
  close_loops(E, src->sh);
}

static void emit_reduce_or_scan(Em *E, Op *op);
static void emit_movement(Em *E, Op *op);

static void declare_results(Em *E, Op *op) {
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
    if (y->nin > 1 && (v->sh.rank == 0 || !v->def || is_view_op(v->def))) {
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

static Op *last_op(Block *b) { return b->nops ? b->ops[b->nops - 1] : NULL; }

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
  line(E, "for (%s %s = %s; %s; %s += %s) {", ctype(iv->dt, DT__COUNT), n,
       access(E, op->in[0], NULL), cond, n, st);
  E->ind++;
  emit_block(E, b);
  Op *y = last_op(b);
  emit_yield(E, y, op->out);
  E->ind--;
  line(E, "} /* for %s */", n);
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

static const char *print_fmt(DType t) {
  switch (t) {
  case DT_F16: case DT_BF16: case DT_F32: case DT_F64: return "%f";
  case DT_I64: return "%lld";
  case DT_U64: return "%llu";
  case DT_U32: return "%u";
  case DT_PTR: return "%p";
  default: return "%d";
  }
}

static const char *print_arg(Value *v, const char *e) {
  switch (v->dt) {
  case DT_F16: case DT_BF16: case DT_F32: return fmt("(double)%s", e);
  case DT_I64: return fmt("(long long)%s", e);
  case DT_U64: return fmt("(unsigned long long)%s", e);
  case DT_U32: return fmt("(unsigned)%s", e);
  case DT_PTR: return fmt("(void *)%s", e);
  case DT_F64: return e;
  default: return fmt("(int)%s", e);
  }
}

// tl.device_print(prefix, x, ...): one line per element, like Triton's
static void emit_print(Em *E, Op *op) {
  Shape s = op->nin ? op->in[0]->sh : (Shape){0};
  open_loops(E, s, IDX, false);
  Buf f = {0}, a = {0};
  buf_puts(&f, "pid (%d, %d, %d)");
  buf_puts(&a, "pid_x, pid_y, pid_z");
  if (s.rank) {
    buf_puts(&f, " idx (");
    for (int d = 0; d < s.rank; d++) {
      buf_printf(&f, "%s%%d", d ? ", " : "");
      buf_printf(&a, ", %s", IDX[d]);
    }
    buf_puts(&f, ")");
  }
  buf_printf(&f, " %s", op->str);
  for (int i = 0; i < op->nin; i++) {
    buf_printf(&f, " %s", print_fmt(op->in[i]->dt));
    buf_printf(&a, ", %s", print_arg(op->in[i], access(E, op->in[i], IDX)));
  }
  line(E, "printf(\"%s\\n\", %s);", f.s, a.s);
  buf_free(&f);
  buf_free(&a);
  close_loops(E, s);
}

// tl.device_assert(cond, msg)
static void emit_assert(Em *E, Op *op) {
  Shape s = op->in[0]->sh;
  open_loops(E, s, IDX, false);
  line(E, "if (!%s) {", access(E, op->in[0], IDX));
  line(E, "  fprintf(stderr, \"%s:%d: device_assert failed in program (%%d, %%d, %%d): %s\\n\", "
          "pid_x, pid_y, pid_z);",
       op->loc.file, op->loc.line, op->str);
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

static void emit_op(Em *E, Op *op) {
  switch (op->k) {
  case O_IF: src_comment(E, op->loc); emit_if(E, op); return;
  case O_FOR: src_comment(E, op->loc); emit_for(E, op); return;
  case O_WHILE: src_comment(E, op->loc); emit_while(E, op); return;
  case O_YIELD: case O_CONDITION: case O_BARRIER: case O_RETURN: return;
  case O_PRINT: src_comment(E, op->loc); emit_print(E, op); return;
  case O_ASSERT: src_comment(E, op->loc); emit_assert(E, op); return;
  case O_REDUCE: case O_SCAN: src_comment(E, op->loc); emit_reduce_or_scan(E, op); return;
  case O_PERMUTE: case O_FLIP: case O_JOIN: case O_SPLIT: case O_CAT: case O_RESHAPE:
    src_comment(E, op->loc);
    emit_movement(E, op);
    return;
  case O_DOT: case O_ATOMIC:
    die("%s is not supported by the C backend yet", op_names[op->k]);
  default:
    emit_scalar_stmt(E, op);
  }
}

static void emit_block(Em *E, Block *b) {
  for (int i = 0; i < b->nops;) {
    Op *op = b->ops[i];
    if (is_view_op(op)) {
      i++;
      continue;
    }
    int g = opgroup(op);
    if (g < 0) {
      emit_op(E, op);
      i++;
      continue;
    }
    /* collect the group; scalar ops in between are emitted first (they cannot depend on it) */
    Op **ops = arena_alloc(sizeof(Op *) * (size_t)b->nops);
    int n = 0, j = i;
    for (; j < b->nops; j++) {
      Op *o = b->ops[j];
      if (opgroup(o) == g)
        ops[n++] = o;
      else if (is_view_op(o))
        continue;
      else if (opgroup(o) < 0 && o->nout && o->out[0]->sh.rank == 0 &&
               op_class[o->k] != K_CTRL && op_class[o->k] != K_RED)
        emit_op(E, o);
      else
        break;
    }
    emit_group(E, ops, n);
    i = j;
  }
}

/* ---- reductions and scans ---- */

static OpKind combiner_kind(const char *s) {
  if (!strcmp(s, "sum")) return O_ADD;
  if (!strcmp(s, "max")) return O_MAX;
  if (!strcmp(s, "min")) return O_MIN;
  if (!strcmp(s, "xor_sum")) return O_XOR;
  if (!strcmp(s, "prod")) return O_MUL;
  return O_CONST;
}

/* Loops over every input dimension except the axis; fills in[] (input index names) and out[]
 * (result index names). */
static void axis_indices(Op *op, const char **in, const char **out, const char *axis_idx) {
  int a = op->axis, j = 0;
  Shape s = op->in[0]->sh;
  for (int d = 0; d < s.rank; d++) {
    in[d] = d == a ? axis_idx : IDX[d];
    if (d != a)
      out[j++] = IDX[d];
  }
}

static void open_other_loops(Em *E, Op *op) {
  Shape s = op->in[0]->sh;
  for (int d = 0; d < s.rank; d++) {
    if (d == op->axis)
      continue;
    line(E, "for (int %s = 0; %s < %d; %s++) {", IDX[d], IDX[d], s.d[d], IDX[d]);
    E->ind++;
  }
}

static void close_other_loops(Em *E, Op *op) {
  for (int d = 1; d < op->in[0]->sh.rank; d++) {
    E->ind--;
    line(E, "}");
  }
}

static const char *lval(Em *E, Value *v, const char *const *idx) {
  return fmt("%s%s", cname(E, v), index_str(v->sh, idx));
}

/* Combines acc (lvalues) with the elements at ein: builtin combiner or inlined region. */
static void emit_combine(Em *E, Op *op, const char **acc, const char **dst, const char *const *ein,
                         const char *pos) {
  int n = op->nin;
  if (op->str && !strcmp(op->str, "argmax") + !strcmp(op->str, "argmin")) {
    const char *el = unique_name(E, "el");
    line(E, "const %s %s = %s;", ctype(op->in[0]->dt, DT__COUNT), el, access(E, op->in[0], ein));
    line(E, "if (%s %s %s) {", el, !strcmp(op->str, "argmax") ? ">" : "<", acc[1]);
    line(E, "  %s = %s;", acc[1], el);
    line(E, "  %s = %s;", dst[0], pos);
    line(E, "}");
    return;
  }
  if (op->str) {
    DType t = op->in[0]->dt;
    line(E, "%s = %s;", dst[0], ew_binary(E, combiner_kind(op->str), t, acc[0], access(E, op->in[0], ein)));
    return;
  }
  Block *r = op->reg[0];
  for (int i = 0; i < n; i++) {
    vi(r->args[i])->cname = acc[i];
    const char *el = unique_name(E, fmt("%s_el", op->in[i]->name ? op->in[i]->name : "x"));
    line(E, "const %s %s = %s;", ctype(op->in[i]->dt, DT__COUNT), el, access(E, op->in[i], ein));
    vi(r->args[n + i])->cname = el;
  }
  int saved = E->last_line;
  emit_block(E, r);
  E->last_line = saved;
  Op *y = last_op(r);
  const char **tmp = arena_alloc(sizeof(char *) * (size_t)n);
  for (int i = 0; i < n; i++) {
    tmp[i] = access(E, y->in[i], NULL);
    if (n > 1) {
      const char *t = unique_name(E, "comb");
      line(E, "const %s %s = %s;", ctype(y->in[i]->dt, DT__COUNT), t, tmp[i]);
      tmp[i] = t;
    }
  }
  for (int i = 0; i < n; i++)
    line(E, "%s = %s;", dst[i], tmp[i]);
}

static bool is_arg(const char *s) { return s && (!strcmp(s, "argmax") || !strcmp(s, "argmin")); }

// tl.sum / tl.max / tl.reduce(x, axis, combine_fn): acc = first element, then fold the rest
static void emit_reduce(Em *E, Op *op) {
  int n = op->nout, N = op->in[0]->sh.d[op->axis];
  const char *in0[MAXRANK], *ink[MAXRANK], *out[MAXRANK];
  axis_indices(op, in0, out, "0");
  axis_indices(op, ink, out, "ik");
  const char *vals = NULL;
  declare_results(E, op);
  if (is_arg(op->str)) {
    Value *r = op->out[0];
    vals = unique_name(E, fmt("%s_val", cname(E, r)));
    line(E, "%s %s%s;", ctype(op->in[0]->dt, DT__COUNT), vals, dims_decl(r->sh));
  }
  open_other_loops(E, op);
  for (int i = 0; i < n; i++)
    line(E, "%s = %s;", lval(E, op->out[i], out), is_arg(op->str) ? "0" : access(E, op->in[i], in0));
  if (vals)
    line(E, "%s%s = %s;", vals, index_str(op->out[0]->sh, out), access(E, op->in[0], in0));
  close_other_loops(E, op);
  line(E, "for (int ik = 1; ik < %d; ik++) {", N);
  E->ind++;
  open_other_loops(E, op);
  const char *acc[8], *dst[8];
  for (int i = 0; i < n && i < 8; i++)
    acc[i] = dst[i] = lval(E, op->out[i], out);
  if (vals)
    acc[1] = fmt("%s%s", vals, index_str(op->out[0]->sh, out));
  emit_combine(E, op, acc, dst, ink, "ik");
  close_other_loops(E, op);
  E->ind--;
  line(E, "} /* for ik */");
}

// tl.cumsum / tl.associative_scan(x, axis, combine_fn, reverse)
static void emit_scan(Em *E, Op *op) {
  int n = op->nout, N = op->in[0]->sh.d[op->axis];
  bool rev = op->flags & 2;
  const char *first[MAXRANK], *cur[MAXRANK], *prev[MAXRANK], *dummy[MAXRANK];
  axis_indices(op, first, dummy, rev ? fmt("%d", N - 1) : "0");
  axis_indices(op, cur, dummy, rev ? fmt("(%d - ik)", N - 1) : "ik");
  axis_indices(op, prev, dummy, rev ? fmt("(%d - ik)", N) : "(ik - 1)");
  declare_results(E, op);
  open_other_loops(E, op);
  for (int i = 0; i < n; i++)
    line(E, "%s = %s;", lval(E, op->out[i], first), access(E, op->in[i], first));
  close_other_loops(E, op);
  line(E, "for (int ik = 1; ik < %d; ik++) {", N);
  E->ind++;
  open_other_loops(E, op);
  const char *acc[8], *dst[8];
  for (int i = 0; i < n && i < 8; i++) {
    acc[i] = lval(E, op->out[i], prev);
    dst[i] = lval(E, op->out[i], cur);
  }
  emit_combine(E, op, acc, dst, cur, "ik");
  close_other_loops(E, op);
  E->ind--;
  line(E, "} /* for ik */");
}

static void emit_reduce_or_scan(Em *E, Op *op) {
  if (op->nout > 8)
    die("reduction with more than 8 operands");
  if (op->k == O_REDUCE)
    emit_reduce(E, op);
  else
    emit_scan(E, op);
}

/* ---- data movement: out[idx] = in[f(idx)] ---- */

// tl.permute / tl.trans / tl.flip / tl.join / tl.split / tl.cat / tl.reshape
static void emit_movement(Em *E, Op *op) {
  Value *r = op->out[0], *x = op->in[0];
  declare_results(E, op);
  open_loops(E, r->sh, IDX, false);
  Idx in = {0};
  const char *src;
  switch (op->k) {
  case O_PERMUTE:
    for (int i = 0; i < r->sh.rank; i++)
      in[op->perm[i]] = IDX[i];
    src = access(E, x, in);
    break;
  case O_FLIP:
    for (int i = 0; i < r->sh.rank; i++)
      in[i] = i == op->axis ? fmt("(%d - %s)", r->sh.d[i] - 1, IDX[i]) : IDX[i];
    src = access(E, x, in);
    break;
  case O_SPLIT:
    for (int i = 0; i < r->sh.rank; i++)
      in[i] = IDX[i];
    in[r->sh.rank] = op->ival ? "1" : "0";
    src = access(E, x, in);
    break;
  case O_JOIN:
    for (int i = 0; i + 1 < r->sh.rank; i++)
      in[i] = IDX[i];
    src = fmt("(%s == 0 ? %s : %s)", IDX[r->sh.rank - 1], access(E, x, in),
              access(E, op->in[1], in));
    break;
  case O_CAT: {
    int a0 = x->sh.d[0];
    for (int i = 0; i < r->sh.rank; i++)
      in[i] = IDX[i];
    const char *lo = access(E, x, in);
    in[0] = fmt("(%s - %d)", IDX[0], a0);
    src = fmt("(%s < %d ? %s : %s)", IDX[0], a0, lo, access(E, op->in[1], in));
    break;
  }
  default: { /* general reshape: through the row-major flat index */
    Buf f = {0};
    int64_t stride = 1;
    for (int d = r->sh.rank - 1; d >= 0; d--) {
      buf_printf(&f, "%s%s * %lld", f.n ? " + " : "", IDX[d], (long long)stride);
      stride *= r->sh.d[d];
    }
    const char *flat = unique_name(E, "flat");
    line(E, "const int %s = %s;", flat, f.s ? f.s : "0");
    buf_free(&f);
    stride = 1;
    for (int d = x->sh.rank - 1; d >= 0; d--) {
      in[d] = fmt("(%s / %lld %% %d)", flat, (long long)stride, x->sh.d[d]);
      stride *= x->sh.d[d];
    }
    src = access(E, x, in);
  }
  }
  line(E, "%s = %s;", lval(E, r, IDX), src);
  close_loops(E, r->sh);
}

/* ---- grid expressions (-g): C integer expressions over the scalar arguments ---- */

typedef struct GridP {
  Kernel *k;
  const char *s;
  int pos, col0;
  Buf out;
} GridP;

static Loc grid_loc(GridP *g) { return (Loc){"<grid>", 1, g->col0 + g->pos}; }

static void gp_skip(GridP *g) {
  while (g->s[g->pos] == ' ' || g->s[g->pos] == '\t')
    g->pos++;
}

static void gp_expr(GridP *g);

static void gp_primary(GridP *g) {
  gp_skip(g);
  const char *p = g->s + g->pos;
  if (*p == '(') {
    g->pos++;
    buf_puts(&g->out, "(");
    gp_expr(g);
    gp_skip(g);
    if (g->s[g->pos] != ')')
      error_at(grid_loc(g), "expected ')' in grid expression");
    g->pos++;
    buf_puts(&g->out, ")");
    return;
  }
  if (*p >= '0' && *p <= '9') {
    while (g->s[g->pos] >= '0' && g->s[g->pos] <= '9')
      buf_printf(&g->out, "%c", g->s[g->pos++]);
    return;
  }
  if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_'))
    error_at(grid_loc(g), "unexpected '%c' in grid expression", *p ? *p : ' ');
  int start = g->pos;
  while (g->s[g->pos] == '_' || (g->s[g->pos] >= 'a' && g->s[g->pos] <= 'z') ||
         (g->s[g->pos] >= 'A' && g->s[g->pos] <= 'Z') || (g->s[g->pos] >= '0' && g->s[g->pos] <= '9'))
    g->pos++;
  const char *id = xstrndup(p, (size_t)(g->pos - start));
  gp_skip(g);
  if (!strcmp(id, "cdiv") && g->s[g->pos] == '(') {
    g->pos++;
    GridP a = *g;
    a.out = (Buf){0};
    gp_expr(&a);
    gp_skip(&a);
    if (a.s[a.pos] != ',')
      error_at(grid_loc(&a), "cdiv needs two arguments");
    a.pos++;
    GridP b = a;
    b.out = (Buf){0};
    gp_expr(&b);
    gp_skip(&b);
    if (b.s[b.pos] != ')')
      error_at(grid_loc(&b), "expected ')' after cdiv arguments");
    buf_printf(&g->out, "((%s + %s - 1) / (%s))", a.out.s, b.out.s, b.out.s);
    g->pos = b.pos + 1;
    buf_free(&a.out);
    buf_free(&b.out);
    return;
  }
  for (int i = 0; i < g->k->nparams; i++) {
    KParam *kp = &g->k->params[i];
    if (strcmp(kp->name, id) != 0)
      continue;
    if (kp->constexpr_) {
      buf_printf(&g->out, "%s", kp->cexpr_text);
      return;
    }
    if (kp->dt == DT_PTR || dt_is_float(kp->dt))
      error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression uses '%s', which is not an "
               "integer argument", id);
    buf_printf(&g->out, "%s", id);
    return;
  }
  error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression names unknown argument '%s'", id);
}

static void gp_unary(GridP *g) {
  gp_skip(g);
  if (g->s[g->pos] == '-') {
    g->pos++;
    buf_puts(&g->out, "-");
  }
  gp_primary(g);
}

static void gp_term(GridP *g) {
  gp_unary(g);
  for (gp_skip(g); strchr("*/%", g->s[g->pos]) && g->s[g->pos]; gp_skip(g)) {
    buf_printf(&g->out, " %c ", g->s[g->pos++]);
    gp_unary(g);
  }
}

static void gp_expr(GridP *g) {
  gp_term(g);
  for (gp_skip(g); (g->s[g->pos] == '+' || g->s[g->pos] == '-'); gp_skip(g)) {
    buf_printf(&g->out, " %c ", g->s[g->pos++]);
    gp_term(g);
  }
}

static const char *grid_dim(Kernel *k, const char *text, int col0) {
  GridP g = {k, text, 0, col0, {0}};
  gp_expr(&g);
  gp_skip(&g);
  if (g.s[g.pos])
    error_at(grid_loc(&g), "unexpected '%c' in grid expression", g.s[g.pos]);
  if (!g.out.s)
    error_at(grid_loc(&g), "empty grid expression");
  const char *r = xstrdup(g.out.s);
  buf_free(&g.out);
  return r;
}

static void parse_grid(Kernel *k, const char *grid, const char **out) {
  const char *p = grid;
  int n = 0;
  out[0] = out[1] = out[2] = "1";
  for (;;) {
    const char *comma = NULL;
    for (int depth = 0, i = 0; p[i] && !comma; i++) {
      depth += p[i] == '(' ? 1 : p[i] == ')' ? -1 : 0;
      if (p[i] == ',' && depth == 0)
        comma = p + i;
    }
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (n == 3)
      error_at((Loc){"<grid>", 1, (int)(p - grid) + 1}, "a grid has at most 3 dimensions");
    out[n++] = grid_dim(k, xstrndup(p, len), (int)(p - grid) + 1);
    if (!comma)
      break;
    p = comma + 1;
  }
}

/* ---- helpers copied from runtime/ ---- */

extern const char *const tc_runtime[];

static void copy_section(Buf *o, const char *name) {
  const char *text = NULL;
  for (int i = 0; tc_runtime[i]; i += 2)
    if (!strcmp(tc_runtime[i], "tc_helpers"))
      text = tc_runtime[i + 1];
  if (!text)
    die("runtime helpers not built in");
  const char *tag = fmt("//@ %s\n", name), *s = strstr(text, tag);
  if (!s)
    die("runtime helper section %s missing", name);
  s += strlen(tag);
  const char *e = strstr(s, "//@ ");
  buf_printf(o, "%.*s", (int)(e - s), s);
}

static void emit_bitcasts(Em *E, Buf *o) {
  for (int i = 0; i < E->bitcasts.n; i++) {
    const char *pair = E->bitcasts.v[i];
    DType from = DT_I32, to = DT_I32;
    for (int t = 0; t < DT_PTR; t++) {
      size_t n = strlen(dtype_info[t].sig);
      if (!strncmp(pair, dtype_info[t].sig, n) && pair[n] == '_')
        from = (DType)t;
      if (!strcmp(strchr(pair, '_') + 1, dtype_info[t].sig))
        to = (DType)t;
    }
    const char *fin = from == DT_F16 ? "uint16_t b = tc_f32_to_f16(x);"
                      : from == DT_BF16 ? "uint16_t b = tc_f32_to_bf16(x);"
                                        : fmt("%s b; memcpy(&b, &x, sizeof b);", bits_type(from));
    const char *fout = to == DT_F16 ? "return tc_f16_to_f32(b);"
                       : to == DT_BF16 ? "return tc_bf16_to_f32(b);"
                                       : fmt("%s r; memcpy(&r, &b, sizeof r); return r;", ctype(to, DT__COUNT));
    buf_printf(o, "static inline %s tc_bitcast_%s(%s x) { %s %s }\n", ctype(to, DT__COUNT), pair,
               ctype(from, DT__COUNT), fin, fout);
  }
}

/* ---- parameters, program function, launcher, header ---- */

static const char *param_list(Kernel *k, bool leading_comma) {
  Buf b = {0};
  buf_puts(&b, "");
  int n = 0;
  for (int i = 0; i < k->nparams; i++) {
    KParam *p = &k->params[i];
    if (p->constexpr_)
      continue;
    const char *t = p->dt == DT_PTR ? fmt("%s *", dtype_info[p->elt].ctype)
                                    : fmt("%s ", dtype_info[p->dt].ctype);
    if (p->dt == DT_I1)
      t = "bool ";
    buf_printf(&b, "%s%s%s", (n || leading_comma) ? ", " : "", t, p->name);
    n++;
  }
  if (!n && !leading_comma)
    buf_puts(&b, "void");
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static const char *arg_list(Kernel *k, const char *sep_after, bool leading) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < k->nparams; i++) {
    if (k->params[i].constexpr_)
      continue;
    buf_printf(&b, "%s%s%s", leading ? ", " : "", k->params[i].name, sep_after);
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static void scan_pids(Block *b, bool *used) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_PROGRAM_ID)
      used[op->axis] = true;
    else if (op->k == O_NUM_PROGRAMS)
      used[3 + op->axis] = true;
    else if (op->k == O_PRINT || op->k == O_ASSERT)
      used[0] = used[1] = used[2] = true;
    for (int r = 0; r < op->nreg; r++)
      scan_pids(op->reg[r], used);
  }
}

static void emit_program(Em *E, Kernel *k) {
  const char *params = param_list(k, false);
  line(E, "/* One program (a CTA on the GPU) of %s. */", k->name);
  line(E, "static void %s_program(%s%sint pid_x, int pid_y, int pid_z, int grid_x, int grid_y, "
          "int grid_z)",
       k->name, strcmp(params, "void") ? params : "", strcmp(params, "void") ? ", " : "");
  line(E, "{");
  E->ind++;
  bool used[6] = {0};
  scan_pids(k->body, used);
  const char *pn[6] = {"pid_x", "pid_y", "pid_z", "grid_x", "grid_y", "grid_z"};
  for (int i = 0; i < 6; i++)
    if (!used[i])
      line(E, "(void)%s;", pn[i]);
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_ && k->params[i].val->uses == 0)
      line(E, "(void)%s;", k->params[i].name);
  emit_block(E, k->body);
  E->ind--;
  line(E, "} /* %s_program */", k->name);
}

static void expand(Buf *o, const char *tmpl, const char *const *kv) { template_expand(o, tmpl, kv); }

void emit_c(Buf *c_out, Buf *h_out, Kernel *k, const Options *opts) {
  Em E = {0};
  Buf body = {0};
  E.o = &body;
  E.k = k;
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_) {
      vec_push(&E.names, (void *)k->params[i].name);
      vi(k->params[i].val)->cname = k->params[i].name;
    }
  ir_count_uses(k);
  group_block(&E, k->body);
  mark_uses(k->body);
  emit_program(&E, k);

  const char *grid[3] = {NULL, NULL, NULL};
  if (opts->grid)
    parse_grid(k, opts->grid, grid);
  const char *base = strrchr(opts->out ? opts->out : k->name, '/');
  base = base ? base + 1 : (opts->out ? opts->out : k->name);
  const char *file = fmt("%s.c", base);
  const char *src = strrchr(k->file, '/') ? strrchr(k->file, '/') + 1 : k->file;
  const char *grid_text = opts->grid ? fmt("(%s, %s, %s)", grid[0], grid[1], grid[2]) : "given at launch";
  const char *kv_banner[] = {"FILE", file, "CFILE", file, "VERSION", TRITONC_VERSION, "SOURCE", src, "KERNEL",
                             k->name, "SIGNATURE", k->signature ? k->signature : "", "GRID",
                             grid_text, "NUM_WARPS", fmt("%d", k->num_warps), NULL};
  expand(c_out, "c_banner", kv_banner);
  const char *none[] = {NULL};
  expand(c_out, "c_prelude", none);
  if (E.need & (H_F16 | H_BF16 | H_NANMM | H_MATH))
    buf_puts(c_out, "\n/* Helpers from tritonc's runtime/tc_helpers.h */\n");
  if (E.need & H_F16) copy_section(c_out, "f16");
  if (E.need & H_BF16) copy_section(c_out, "bf16");
  if (E.need & H_NANMM) copy_section(c_out, "nanminmax");
  if (E.need & H_MATH) copy_section(c_out, "math");
  emit_bitcasts(&E, c_out);
  buf_puts(c_out, "\n");
  buf_puts(c_out, body.s);
  buf_puts(c_out, "\n");
  const char *kv_l[] = {"KERNEL", k->name, "PARAMS", param_list(k, true), "ARGS",
                        arg_list(k, ", ", false), "LAUNCH_PARAMS", param_list(k, false),
                        "GRID_X", grid[0] ? grid[0] : "1", "GRID_Y", grid[1] ? grid[1] : "1",
                        "GRID_Z", grid[2] ? grid[2] : "1", "ARGS_TAIL", arg_list(k, "", true), NULL};
  expand(c_out, "c_launcher", kv_l);
  if (opts->grid)
    expand(c_out, "c_launch", kv_l);
  buf_free(&body);

  /* header */
  Buf decls = {0}, ban = {0};
  const char *hfile = fmt("%s.h", base);
  kv_banner[1] = hfile;
  expand(&ban, "c_banner", kv_banner);
  buf_printf(&decls, "/* Runs %s on a grid of grid_x * grid_y * grid_z programs. */\n", k->name);
  buf_printf(&decls, "void %s_grid(int grid_x, int grid_y, int grid_z%s);\n", k->name,
             param_list(k, true));
  if (opts->grid)
    buf_printf(&decls, "\n/* Runs %s on the grid %s. */\nvoid %s(%s);\n", k->name, grid_text,
               k->name, param_list(k, false));
  char guard[256];
  snprintf(guard, sizeof guard, "TRITONC_%s_H", base);
  for (char *g = guard; *g; g++)
    *g = (*g >= 'a' && *g <= 'z') ? (char)(*g - 32) : ((*g >= 'A' && *g <= 'Z') || (*g >= '0' && *g <= '9')) ? *g : '_';
  const char *kv_h[] = {"GUARD", guard, "KERNEL", k->name, "BANNER", ban.s, "DECLS", decls.s, NULL};
  expand(h_out, "c_header", kv_h);
  buf_free(&decls);
  buf_free(&ban);
}
