/* ir.c — the tile IR: constructors, dtype/shape facts, and the textual dump (--emit ir).
 *
 * Values are SSA with a dtype and a static shape; ops live in blocks; structured control flow
 * (for/while/if) holds regions. Op names come from the OP_KINDS X-macro so dumps and messages
 * always agree with the enum.
 */
#include "tritonc.h"

#include <math.h>

#include <string.h>

const char *const op_names[] = {
#define X(e, s, k) s,
    OP_KINDS(X)
#undef X
};
const char *const atomic_names[] = {
#define X(e, s) s,
    ATOMIC_KINDS(X)
#undef X
};
const int op_class[] = {
#define X(e, s, k) k,
    OP_KINDS(X)
#undef X
};
const DTypeInfo dtype_info[] = {
#define X(e, n, s, c, b) {n, s, c, b},
    DTYPES(X)
#undef X
};

bool dt_is_float(DType t) { return (t >= DT_F16 && t <= DT_F64) || dt_is_fp8(t); }
bool dt_is_fp8(DType t) { return t == DT_F8E4NV || t == DT_F8E5 || t == DT_F8E4B15; }

/* ---- fp8 formats (the same definitions as runtime/tc_helpers.h's section fp8) ---- */

typedef struct Fp8Fmt {
  int mbits, bias;
  uint8_t maxcode; /* the largest finite magnitude */
  int special;     /* 0: every code finite (e4b15); 1: S.1111.111 is NaN (e4nv); 2: IEEE (e5) */
} Fp8Fmt;

static Fp8Fmt fp8_fmt(DType t) {
  if (t == DT_F8E5)
    return (Fp8Fmt){2, 15, 0x7b, 2};
  if (t == DT_F8E4B15)
    return (Fp8Fmt){3, 15, 0x7f, 0};
  return (Fp8Fmt){3, 7, 0x7e, 1};
}

double fp8_decode(DType t, uint8_t code) {
  Fp8Fmt f = fp8_fmt(t);
  int e = (code & 0x7f) >> f.mbits, m = code & ((1 << f.mbits) - 1);
  double s = code & 0x80 ? -1.0 : 1.0;
  if ((f.special == 1 && (code & 0x7f) == 0x7f) || (f.special == 2 && e == 0x1f && m))
    return NAN;
  if (f.special == 2 && e == 0x1f)
    return s * INFINITY;
  if (e == 0)
    return s * ldexp(m, 1 - f.bias - f.mbits);
  return s * ldexp((1 << f.mbits) + m, e - f.bias - f.mbits);
}

uint8_t fp8_encode(DType t, double v, bool rtz) {
  Fp8Fmt f = fp8_fmt(t);
  if (isnan(v))
    return 0x7f;
  uint8_t s = signbit(v) ? 0x80 : 0;
  double a = fabs(v);
  if (isinf(a) && rtz && f.special == 2)
    return s | 0x7c;
  double max = fp8_decode(t, f.maxcode);
  if (a >= max)
    return s | f.maxcode;
  int e;
  frexp(a, &e);                            /* a = frac * 2^e, frac in [0.5, 1) */
  int q = e - 1 < 1 - f.bias ? 1 - f.bias : e - 1; /* the binade (subnormals: the lowest) */
  double steps = ldexp(a, f.mbits - q);    /* a in units of the code spacing there */
  double r = rtz ? trunc(steps) : nearbyint(steps);
  double rv = ldexp(r, q - f.mbits);
  if (rv > max)
    return s | f.maxcode;
  /* rv is exactly representable: its code */
  if (rv < ldexp(1, 1 - f.bias))
    return s | (uint8_t)ldexp(rv, f.bias - 1 + f.mbits);
  frexp(rv, &e);
  int m = (int)ldexp(rv, f.mbits - (e - 1)) - (1 << f.mbits);
  return s | (uint8_t)(((e - 1 + f.bias) << f.mbits) | m);
}
bool dt_is_int(DType t) { return t <= DT_U64; }
bool dt_is_signed(DType t) { return t >= DT_I1 && t <= DT_I64; }
bool dt_is_unsigned(DType t) { return t >= DT_U8 && t <= DT_U64; }
int dt_bits(DType t) { return dtype_info[t].bits; }

const char *dt_name(DType t, DType elt) {
  if (t == DT_PTR)
    return fmt("*%s", dtype_info[elt].sig);
  return dtype_info[t].sig;
}

int64_t shape_numel(Shape s) {
  int64_t n = 1;
  for (int i = 0; i < s.rank; i++)
    n *= s.d[i];
  return n;
}

bool shape_eq(Shape a, Shape b) {
  if (a.rank != b.rank)
    return false;
  for (int i = 0; i < a.rank; i++)
    if (a.d[i] != b.d[i])
      return false;
  return true;
}

const char *shape_str(Shape s) {
  char buf[128];
  int n = snprintf(buf, sizeof buf, "[");
  for (int i = 0; i < s.rank; i++)
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%d", i ? ", " : "", s.d[i]);
  snprintf(buf + n, sizeof buf - (size_t)n, "]");
  return xstrdup(buf);
}

/* A kernel whose Python name is not ASCII gets an ASCII C name (c_ident); the banner says both. */
const char *kernel_title(const Kernel *k) {
  if (!k->source_name || !strcmp(k->name, k->source_name))
    return k->name;
  return fmt("%s (Python: %s;\n *               entry points are ASCII: each non-ASCII letter "
             "spelled as its code point)", k->name, k->source_name);
}

Value *ir_value(Kernel *k, DType dt, Shape sh) {
  Value *v = arena_alloc(sizeof *v);
  v->id = k->next_value_id++;
  v->dt = dt;
  v->sh = sh;
  return v;
}

Block *ir_block(void) { return arena_alloc(sizeof(Block)); }

const char *comb_name(Comb c) {
  static const char *const names[] = {NULL, "sum", "xor_sum", "prod", "max", "min", "argmax", "argmin"};
  return names[c];
}

OpKind comb_op(Comb c) {
  switch (c) {
  case COMB_SUM: return O_ADD;
  case COMB_MAX: return O_MAX;
  case COMB_MIN: return O_MIN;
  case COMB_XOR_SUM: return O_XOR;
  case COMB_PROD: return O_MUL;
  default: return O_CONST; /* argmax / argmin pair values with indices; a region is the program's */
  }
}

Op *ir_op(Block *b, OpKind kind, Loc loc, int nin, Value **in) {
  Op *op = arena_alloc(sizeof *op);
  op->k = kind;
  op->loc = loc;
  op->nin = nin;
  op->in = arena_alloc(sizeof(Value *) * (size_t)(nin ? nin : 1));
  if (nin)
    memcpy(op->in, in, sizeof(Value *) * (size_t)nin);
  op->parent = b;
  if (b->nops == b->cap) {
    int cap = b->cap ? b->cap * 2 : 16;
    Op **ops = arena_alloc(sizeof(Op *) * (size_t)cap);
    if (b->nops)
      memcpy(ops, b->ops, sizeof(Op *) * (size_t)b->nops);
    b->ops = ops;
    b->cap = cap;
  }
  b->ops[b->nops++] = op;
  return op;
}

Op *ir_op_at(Block *b, int pos, OpKind kind, Loc loc, int nin, Value **in) {
  Op *op = ir_op(b, kind, loc, nin, in);
  memmove(b->ops + pos + 1, b->ops + pos, sizeof(Op *) * (size_t)(b->nops - 1 - pos));
  b->ops[pos] = op;
  return op;
}

void ir_replace_uses(Block *b, int from, Value *old, Value *nw) {
  for (int i = from; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++)
      if (op->in[j] == old)
        op->in[j] = nw;
    for (int r = 0; r < op->nreg; r++)
      ir_replace_uses(op->reg[r], 0, old, nw);
  }
}

int ir_find_op(Block *b, Op *op, int lo, int hi) {
  for (int p = lo; p < hi; p++)
    if (b->ops[p] == op)
      return p;
  return -1;
}

Value *ir_result(Kernel *k, Op *op, DType dt, Shape sh) {
  Value *v = ir_value(k, dt, sh);
  v->def = op;
  /* a pointer result points where its pointer operand does unless its op says otherwise (a
   * cast to another pointer type sets elt after): shape ops of pointer tiles once left it 0,
   * which reads as *i1 */
  bool elt_set = false;
  for (int i = 0; dt == DT_PTR && i < op->nin; i++) {
    v->cptr |= op->in[i]->dt == DT_PTR && op->in[i]->cptr;
    if (op->in[i]->dt == DT_PTR && !elt_set) {
      v->elt = op->in[i]->elt;
      elt_set = true;
    }
  }
  Value **out = arena_alloc(sizeof(Value *) * (size_t)(op->nout + 1));
  if (op->nout)
    memcpy(out, op->out, sizeof(Value *) * (size_t)op->nout);
  out[op->nout++] = v;
  op->out = out;
  return v;
}

static void count_block(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++)
      op->in[j]->uses++;
    for (int r = 0; r < op->nreg; r++)
      count_block(op->reg[r]);
  }
}

static void clear_block(Block *b) {
  for (int i = 0; i < b->nargs; i++)
    b->args[i]->uses = 0;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nout; j++)
      op->out[j]->uses = 0;
    for (int r = 0; r < op->nreg; r++)
      clear_block(op->reg[r]);
  }
}

void ir_count_uses(Kernel *k) {
  for (int i = 0; i < k->nparams; i++)
    if (k->params[i].val)
      k->params[i].val->uses = 0;
  clear_block(k->body);
  count_block(k->body);
}

bool ir_inline_once(const Value *v) { return !v->name && v->uses == 1 && v->def && v->def->k != O_LOAD; }

/* ---- dump ---- */

static void dump_value(FILE *out, const Value *v) {
  fprintf(out, "%%%d", v->id);
  if (v->name)
    fprintf(out, ".%s", v->name);
}

static void dump_type(FILE *out, const Value *v) {
  fprintf(out, "%s", dt_name(v->dt, v->elt));
  if (v->sh.rank)
    fprintf(out, "%s", shape_str(v->sh));
}

static void dump_block(FILE *out, const Block *b, int depth);
/* --emit plan: the target's note on each op (NULL for --emit ir) */
static PlanNote plan_note;
static const Kernel *plan_kernel;

static void dump_dims(FILE *out, const char *key, const int64_t *x, int n) {
  fprintf(out, "%s=", key);
  for (int d = 0; d < n; d++) {
    if (x[d] == DIV_MAX)
      fprintf(out, "%smax", d ? "," : "");
    else
      fprintf(out, "%s%lld", d ? "," : "", (long long)x[d]);
  }
}

static bool any_above_1(const int64_t *x, int n) {
  for (int d = 0; d < n; d++)
    if (x[d] > 1)
      return true;
  return false;
}

static bool any_above_0(const int64_t *x, int n) {
  for (int d = 0; d < n; d++)
    if (x[d] > 0)
      return true;
  return false;
}

/* The axis facts of v where they say something (docs/ir.md): `{contig=.. div=.. const=..
 * range=[lo,hi]}` for integer and pointer tiles, `{div=.. range=..}` for scalars, `{const=..}`
 * for float tiles; a range only where narrower than the dtype's; `; hint ...` for tl.multiple_of
 * and co. Returns whether it printed. */
static bool dump_facts(FILE *out, const Value *v, const char *lead) {
  const AxisInfo *a = &v->ax;
  int n = v->sh.rank ? v->sh.rank : 1;
  bool intptr = dt_is_int(v->dt) || v->dt == DT_PTR;
  int64_t tl = 0, th = 0;
  if (dt_is_int(v->dt) && v->dt != DT_I1 && dt_bits(v->dt) < 64)
    tl = dt_is_unsigned(v->dt) ? 0 : -((int64_t)1 << (dt_bits(v->dt) - 1)),
    th = dt_is_unsigned(v->dt) ? ((int64_t)1 << dt_bits(v->dt)) - 1
                               : ((int64_t)1 << (dt_bits(v->dt) - 1)) - 1;
  else if (v->dt == DT_I1)
    th = 1;
  bool rng = a->ranged && (dt_bits(v->dt) == 64 || a->lo > tl || a->hi < th);
  bool tile = v->sh.rank > 0;
  bool dims = intptr && tile &&
              (any_above_1(a->contig, n) || any_above_1(a->divis, n) || any_above_1(a->consta, n));
  bool fconst = !intptr && tile && any_above_1(a->consta, n);
  bool sdiv = intptr && !tile && a->divis[0] > 1;
  if (!dims && !fconst && !sdiv && !rng && !v->hint)
    return false;
  fprintf(out, "%s{", lead);
  const char *sep = "";
  if (dims) {
    dump_dims(out, "contig", a->contig, n);
    dump_dims(out, " div", a->divis, n);
    dump_dims(out, " const", a->consta, n);
    sep = " ";
  } else if (fconst) {
    dump_dims(out, "const", a->consta, n);
    sep = " ";
  } else if (sdiv) {
    dump_dims(out, "div", a->divis, 1);
    sep = " ";
  }
  if (rng) {
    fprintf(out, "%srange=[%lld,%lld]", sep, (long long)a->lo, (long long)a->hi);
    sep = " ";
  }
  if (v->hint) {
    const char *keys[3] = {"contig", "div", "const"};
    const int64_t *h[3] = {v->hint->contig, v->hint->divis, v->hint->consta};
    fprintf(out, "%shint", *sep ? "; " : "");
    for (int i = 0; i < 3; i++)
      if (any_above_0(h[i], n)) {
        fprintf(out, " ");
        dump_dims(out, keys[i], h[i], n);
      }
  }
  fprintf(out, "}");
  return true;
}

/* facts of several values (block arguments, an op's results): `%N{...}` each */
static void dump_facts_list(FILE *out, Value *const *v, int n) {
  for (int i = 0; i < n; i++)
    dump_facts(out, v[i], fmt(" %%%d", v[i]->id));
}

static void dump_attrs(FILE *out, const Op *op) {
  switch (op->k) {
  case O_CONST:
    if (dt_is_float(op->out[0]->dt))
      fprintf(out, " %.17g", op->fval);
    else
      fprintf(out, " %lld", (long long)op->ival);
    break;
  case O_ARG: case O_ARANGE: case O_SPLIT:
    fprintf(out, " %lld", (long long)op->ival);
    break;
  case O_PROGRAM_ID: case O_NUM_PROGRAMS: case O_FLIP:
    fprintf(out, " axis=%d", op->axis);
    break;
  case O_REDUCE: case O_SCAN:
    fprintf(out, " axis=%d %s%s", op->axis, op->comb ? comb_name(op->comb) : "region",
            op->flags & 2 ? " reverse" : "");
    break;
  case O_SORT:
    fprintf(out, " axis=%d k=%lld%s", op->axis, (long long)op->ival,
            op->flags & 1 ? " descending" : "");
    break;
  case O_GATHER:
    fprintf(out, " axis=%d", op->axis);
    break;
  case O_HISTOGRAM:
    fprintf(out, " bins=%lld", (long long)op->ival);
    break;
  case O_PERMUTE:
    fprintf(out, " perm=");
    for (int i = 0; i < op->out[0]->sh.rank; i++)
      fprintf(out, "%s%d", i ? "," : "", op->perm[i]);
    break;
  case O_CAST:
    if (op->flags & CAST_RTZ)
      fprintf(out, " rtz");
    break;
  case O_FMA:
    if (op->flags & FMA_CONTRACT)
      fprintf(out, " contract");
    break;
  case O_ATOMIC:
    fprintf(out, " %s %s %s", atomic_names[op->atom], (const char *[]){"relaxed", "acquire", "release", "acq_rel"}[op->flags & ATOMIC_SEM],
            (const char *[]){"gpu", "cta", "sys", "?"}[ATOMIC_SCOPE(op->flags)]);
    break;
  case O_PRINT: case O_ASSERT:
    fprintf(out, " \"%s\"", op->str ? op->str : "");
    break;
  case O_DOT:
    if (op->str)
      fprintf(out, " precision=%s", op->str);
    break;
  default:
    break;
  }
}

static void dump_op(FILE *out, const Op *op, int depth) {
  fprintf(out, "%*s", depth * 2, "");
  for (int i = 0; i < op->nout; i++) {
    fprintf(out, i ? ", " : "");
    dump_value(out, op->out[i]);
  }
  if (op->nout)
    fprintf(out, " = ");
  fprintf(out, "%s", op_names[op->k]);
  dump_attrs(out, op);
  for (int i = 0; i < op->nin; i++) {
    fprintf(out, i ? ", " : " ");
    dump_value(out, op->in[i]);
  }
  if (op->nout) {
    fprintf(out, " : ");
    for (int i = 0; i < op->nout; i++) {
      fprintf(out, i ? ", " : "");
      dump_type(out, op->out[i]);
    }
  }
  if (op->loc.line)
    fprintf(out, "  @%d", op->loc.line);
  int vec = op->k == O_LOAD || op->k == O_STORE
                ? ax_vec_width(op->in[0], op->k == O_LOAD ? (op->nin > 1 ? op->in[1] : NULL)
                                                          : (op->nin > 2 ? op->in[2] : NULL))
                : 1;
  if (vec > 1)
    fprintf(out, "  vec=%d", vec);
  if (op->nout == 1)
    dump_facts(out, op->out[0], "  ");
  else
    dump_facts_list(out, op->out, op->nout);
  if (plan_note)
    plan_note(out, plan_kernel, op);
  fprintf(out, "\n");
  for (int r = 0; r < op->nreg; r++) {
    fprintf(out, "%*s{", depth * 2, "");
    for (int i = 0; i < op->reg[r]->nargs; i++) {
      fprintf(out, i ? ", " : " ^(");
      dump_value(out, op->reg[r]->args[i]);
      if (i == op->reg[r]->nargs - 1)
        fprintf(out, ")");
    }
    dump_facts_list(out, op->reg[r]->args, op->reg[r]->nargs);
    fprintf(out, "\n");
    dump_block(out, op->reg[r], depth + 1);
    fprintf(out, "%*s}\n", depth * 2, "");
  }
}

static void dump_block(FILE *out, const Block *b, int depth) {
  for (int i = 0; i < b->nops; i++)
    dump_op(out, b->ops[i], depth);
}

void ir_dump(FILE *out, const Kernel *k) {
  fprintf(out, "kernel %s(", k->name);
  int first = 1;
  for (int i = 0; i < k->nparams; i++) {
    const KParam *p = &k->params[i];
    if (p->constexpr_) {
      fprintf(out, "%s%s=%s", first ? "" : ", ", p->name, p->cexpr_text);
    } else {
      fprintf(out, "%s", first ? "" : ", ");
      dump_value(out, p->val);
      fprintf(out, ": %s", dt_name(p->dt, p->elt));
      if (p->align)
        fprintf(out, ":%d", p->align);
    }
    first = 0;
  }
  fprintf(out, ")\n");
  if (plan_note)
    plan_note(out, k, NULL);
  dump_block(out, k->body, 1);
}

void ir_dump_plan(FILE *out, const Kernel *k, PlanNote note) {
  plan_note = note;
  plan_kernel = k;
  ir_dump(out, k);
  plan_note = NULL;
  plan_kernel = NULL;
}

/* ---- text shared by the emitters ---- */

/* "/+ file.py:12: the source line +/" (leading blanks dropped, control characters blanked, a
 * comment terminator defused, 160 characters at most), or NULL for an unknown line. */
const char *source_comment(Loc loc) {
  int len;
  const char *s = source_line(loc.file, loc.line, &len);
  if (!s)
    return NULL;
  while (len > 0 && (*s == ' ' || *s == '\t'))
    s++, len--;
  Buf b = {0};
  for (int i = 0; i < len && i < 160; i++) {
    char c = s[i];
    if (c == '*' && i + 1 < len && s[i + 1] == '/')
      c = '+';
    buf_printf(&b, "%c", (unsigned char)c < 32 ? ' ' : c);
  }
  const char *r = fmt("/* %s:%d: %s */", path_base(loc.file), loc.line, b.s ? b.s : "");
  buf_free(&b);
  return r;
}

/* s as text inside a C string literal that is a printf format: the user's prefix or message
 * (quotes, backslashes, % and control characters escaped). */
const char *printf_text(const char *s) {
  Buf b = {0};
  buf_puts(&b, "");
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '%')
      buf_puts(&b, "%%");
    else if (c == '"' || c == '\\')
      buf_printf(&b, "\\%c", c);
    else if (c == '\n')
      buf_puts(&b, "\\n");
    else if (c < 0x20 || c == 0x7f)
      buf_printf(&b, "\\%03o", c);
    else if (c == '?' && s[1] == '?')
      buf_puts(&b, "?\\"); /* no trigraphs */
    else
      buf_printf(&b, "%c", c);
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

/* tl.device_print's index conversions, as Triton pads them: dimension d of size n takes
 * ceil(log10(n)) digits ("idx ( 3,  7)" for a 16x64 tile); a scalar prints "idx ()". */
const char *print_idx_fmt(Shape s) {
  Buf b = {0};
  buf_puts(&b, "idx (");
  for (int d = 0; d < s.rank; d++) {
    int w = 0;
    for (int64_t p = 1; p < s.d[d]; p *= 10)
      w++;
    buf_printf(&b, "%s%%%s%s", d ? ", " : "", w ? fmt("%d", w) : "", "d");
  }
  buf_puts(&b, ")");
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

/* tl.device_print: the printf conversion of a value of type t, and the argument cast to what
 * that conversion reads. */
const char *print_fmt(DType t) {
  switch (t) {
  case DT_F16: case DT_BF16: case DT_F32: case DT_F64: return "%f";
  case DT_I64: return "%lld";
  case DT_U64: return "%llu";
  case DT_U32: return "%u";
  case DT_PTR: return "%p";
  default: return "%d";
  }
}

const char *print_arg(DType t, const char *e) {
  switch (t) {
  case DT_F16: case DT_BF16: case DT_F32: return fmt("(double)%s", e);
  case DT_I64: return fmt("(long long)%s", e);
  case DT_U64: return fmt("(unsigned long long)%s", e);
  case DT_U32: return fmt("(unsigned)%s", e);
  case DT_PTR: return fmt("(void *)%s", e);
  case DT_F64: return e;
  default: return fmt("(int)%s", e);
  }
}

Op *ir_load_of(Value *v) {
  if (v->def && v->def->k == O_PERMUTE)
    v = v->def->in[0];
  return v->def && v->def->k == O_LOAD ? v->def : NULL;
}

Op *ir_yield(Block *b) {
  Op *y = b->nops ? b->ops[b->nops - 1] : NULL;
  return y && y->k == O_YIELD ? y : NULL;
}

int ir_arg_index(Block *b, Value *v) {
  for (int i = 0; i < b->nargs; i++)
    if (b->args[i] == v)
      return i;
  return -1;
}
