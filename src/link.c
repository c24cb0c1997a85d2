/* link.c — --link: several specializations of one kernel behind one function.
 *
 *   tritonc add.py -n add_kernel -g "cdiv(n, 1024), 1, 1" --link -o add \
 *       -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" -s "*fp32, *fp32, *fp32, i64, 1024"
 *
 * Specialization I is translated like any kernel as KERNEL_sI into OUT_sI.EXT / OUT_sI.h. OUT.EXT
 * / OUT.h hold KERNEL(...), which checks its arguments against each specialization's hints in the
 * order given and launches the first that fits, as Triton's AOT linker (triton.tools.link) does:
 *   *T:16 pointer            the address is a multiple of 16
 *   i32:16 (any integer)     the value is a multiple of 16
 *   i32 where another is i64 the value fits int32 (the function takes the widest type)
 *   a value (1, 1024, True)  the argument equals it (a parameter constexpr in every
 *                            specialization with one value is no argument at all)
 * None fits: nothing runs and KERNEL returns KERNEL_NO_MATCH (C) or cudaErrorInvalidValue (CUDA).
 * A specialization that can never run, because an earlier one accepts every argument it accepts
 * (the same hints, or weaker ones listed first), is an error at generation time, and so are
 * parameters one function cannot take in every specialization (a pointer's element type, a
 * float's type, signedness, or a non-integer constexpr that differs).
 */
#include "tritonc.h"

#include <stdlib.h>
#include <string.h>

/* What one specialization requires of one argument. */
typedef struct Cond {
  bool aligned;    /* pointer % 16 == 0 */
  bool div16;      /* integer % 16 == 0 */
  bool fits;       /* an integer narrower than the function's parameter: lo <= v <= hi */
  bool is_const;   /* equal to cval */
  long long cval, lo, hi;
} Cond;

typedef struct Link {
  const Options *o;
  const Target *t;
  const char *base, *name;
  int n;           /* specializations */
  Kernel **k;      /* per specialization */
  Kernel fn;       /* the linked function's parameters (a Kernel for t->launch_params) */
  Cond **cond;     /* [specialization][parameter] */
  bool cuda;
} Link;

static bool is_int_dt(DType d) { return dt_is_int(d) && d != DT_PTR; }
static bool is_unsigned_dt(DType d) {
  return d == DT_U8 || d == DT_U16 || d == DT_U32 || d == DT_U64;
}

/* An integer constexpr's value (True/False as 1/0); false for anything else. */
static bool const_int(const KParam *p, long long *v) {
  const char *s = p->cexpr_text;
  if (!s)
    return false;
  if (!strcmp(s, "True") || !strcmp(s, "False")) {
    *v = !strcmp(s, "True");
    return true;
  }
  char *end;
  *v = strtoll(s, &end, 0);
  return end != s && !*end;
}

static bool same_text(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* The column of top-level entry i of a signature (commas inside (), [], <> do not count); 1 if
 * it has fewer entries. */
static int entry_col(const char *sig, int i) {
  int depth = 0, entry = 0;
  for (const char *c = sig; *c; c++) {
    if (entry == i) {
      while (*c == ' ')
        c++;
      return (int)(c - sig) + 1;
    }
    depth += (*c == '(' || *c == '[' || *c == '<') - (*c == ')' || *c == ']' || *c == '>');
    entry += *c == ',' && depth == 0;
  }
  return 1;
}

/* An error about parameter p of specialization s, at its entry in that -s (at the start when
 * entries and parameters do not correspond one to one: tuples, descriptors, constexprs left
 * out). */
static _Noreturn void link_error(Link *L, int s, int p, const char *msg) {
  const char *sig = L->o->signatures[s];
  source_register("<signature>", sig, strlen(sig));
  int n = L->k[s]->nparams;
  bool one_to_one = entry_col(sig, n - 1) > 1 && entry_col(sig, n) == 1;
  int col = p < 0 || !one_to_one ? 1 : entry_col(sig, p);
  error_at((Loc){"<signature>", 1, col}, "--link: %s", msg);
}

static const char *sig_type(const KParam *p) {
  return p->dt == DT_PTR ? fmt("*%s", dtype_info[p->elt].sig) : dtype_info[p->dt].sig;
}

/* The function's type for integer parameter p: the widest of the specializations', int64 when
 * only constexprs differ. */
static DType int_type(Link *L, int p) {
  DType w = DT__COUNT;
  for (int s = 0; s < L->n; s++) {
    KParam *q = &L->k[s]->params[p];
    if (q->constexpr_)
      continue;
    if (w != DT__COUNT && (w == DT_I1) != (q->dt == DT_I1))
      link_error(L, s, p, fmt("parameter '%s' is %s here and %s in another specialization: one C "
                              "parameter cannot be both bool and integer", q->name,
                              dtype_info[q->dt].sig, dtype_info[w].sig));
    if (w != DT__COUNT && is_unsigned_dt(w) != is_unsigned_dt(q->dt))
      link_error(L, s, p, fmt("parameter '%s' is %s here and %s in another specialization: one C "
                              "parameter cannot be both signed and unsigned", q->name,
                              dtype_info[q->dt].sig, dtype_info[w].sig));
    if (w == DT__COUNT || dtype_info[q->dt].bits > dtype_info[w].bits)
      w = q->dt;
  }
  return w == DT__COUNT ? DT_I64 : w;
}

/* A pointer parameter: one element type; :16 is a condition. */
static void link_pointer(Link *L, int p) {
  KParam *first = &L->k[0]->params[p];
  L->fn.params[p].dt = DT_PTR;
  for (int s = 0; s < L->n; s++) {
    KParam *q = &L->k[s]->params[p];
    if (q->constexpr_ || q->dt != DT_PTR || q->elt != first->elt)
      link_error(L, s, p, fmt("parameter '%s' is %s here and %s in specialization 0: one C "
                              "function cannot take both", q->name,
                              q->constexpr_ ? q->cexpr_text : sig_type(q), sig_type(first)));
    L->cond[s][p].aligned = q->align >= 16;
  }
}

/* A float parameter: one type, no conditions. */
static void link_float(Link *L, int p, DType ref) {
  for (int s = 0; s < L->n; s++) {
    KParam *q = &L->k[s]->params[p];
    if (q->constexpr_ || q->dt != ref)
      link_error(L, s, p, fmt("parameter '%s' is %s here and %s elsewhere: a float parameter "
                              "takes one type in every specialization", q->name,
                              q->constexpr_ ? q->cexpr_text : sig_type(q), dtype_info[ref].sig));
  }
  L->fn.params[p].dt = ref;
}

/* An integer parameter (or constexprs that differ): the widest type; a narrower one's range,
 * :16 and a constexpr's value are conditions. */
static void link_int(Link *L, int p) {
  for (int s = 0; s < L->n; s++) {
    KParam *q = &L->k[s]->params[p];
    if (!q->constexpr_ && !is_int_dt(q->dt))
      link_error(L, s, p, fmt("parameter '%s' is %s here and an integer in another "
                              "specialization: one C function cannot take both", q->name,
                              sig_type(q)));
  }
  DType w = int_type(L, p);
  L->fn.params[p].dt = w;
  for (int s = 0; s < L->n; s++) {
    KParam *q = &L->k[s]->params[p];
    Cond *c = &L->cond[s][p];
    int bits = dtype_info[q->dt].bits;
    if (q->constexpr_) {
      c->is_const = const_int(q, &c->cval);
    } else {
      c->div16 = q->align >= 16;
      c->fits = bits < dtype_info[w].bits; /* below 64 bits: the shifts are defined */
    }
    if (c->fits) {
      c->lo = is_unsigned_dt(q->dt) ? 0 : -(1LL << (bits - 1));
      c->hi = is_unsigned_dt(q->dt) ? (long long)((1ULL << bits) - 1) : (1LL << (bits - 1)) - 1;
    }
  }
}

/* Parameter p of the function, and each specialization's condition on it. */
static void link_param(Link *L, int p) {
  KParam *first = &L->k[0]->params[p];
  L->fn.params[p] = *first;
  bool one_value = true;
  for (int s = 0; s < L->n; s++) {
    KParam *q = &L->k[s]->params[p];
    if (strcmp(q->name, first->name))
      link_error(L, s, p, fmt("specializations name parameter %d differently ('%s', '%s')", p,
                              first->name, q->name));
    one_value &= q->constexpr_ && same_text(q->cexpr_text, first->cexpr_text);
  }
  if (one_value)
    return; /* the same constexpr everywhere: not an argument */
  L->fn.params[p].constexpr_ = false;
  long long v;
  DType ref = DT__COUNT; /* the first specialization's type where it is no constexpr */
  for (int s = 0; s < L->n; s++) {
    KParam *q = &L->k[s]->params[p];
    if (q->constexpr_ && !const_int(q, &v))
      link_error(L, s, p, fmt("parameter '%s' is the constexpr %s here but differs in another "
                              "specialization: only integer values can be told apart by an "
                              "argument", q->name, q->cexpr_text ? q->cexpr_text : "value"));
    if (!q->constexpr_ && ref == DT__COUNT)
      ref = q->dt;
  }
  if (ref == DT_PTR)
    link_pointer(L, p);
  else if (ref != DT__COUNT && !is_int_dt(ref))
    link_float(L, p, ref);
  else
    link_int(L, p);
}

/* Does every argument value that passes b pass a too? */
static bool implies(const Cond *b, const Cond *a) {
  if (a->is_const)
    return b->is_const && b->cval == a->cval;
  if (a->aligned && !b->aligned)
    return false;
  if (a->div16 && !b->div16 && !(b->is_const && b->cval % 16 == 0))
    return false;
  if (a->fits && b->is_const)
    return b->cval >= a->lo && b->cval <= a->hi;
  if (a->fits)
    return b->fits && b->lo >= a->lo && b->hi <= a->hi;
  return true;
}

/* A specialization no argument reaches (an earlier one takes all of its arguments) is an error. */
static void check_reachable(Link *L) {
  for (int j = 1; j < L->n; j++)
    for (int i = 0; i < j; i++) {
      bool shadowed = true;
      for (int p = 0; p < L->fn.nparams && shadowed; p++)
        shadowed = implies(&L->cond[j][p], &L->cond[i][p]);
      if (shadowed)
        link_error(L, j, -1, fmt("specialization %d never runs: specialization %d accepts every "
                                 "argument it accepts (give the one with more hints first, or "
                                 "different hints)", j, i));
    }
}

/* The C bound of a narrow integer type ("INT32_MIN"), or the number. */
static const char *bound(DType d, bool hi, long long v) {
  int bits = dtype_info[d].bits;
  if (bits == 8 || bits == 16 || bits == 32)
    return fmt("%sINT%d_%s", is_unsigned_dt(d) ? "U" : "", bits, hi ? "MAX" : "MIN");
  return fmt("%lldLL", v);
}

/* The checks specialization s puts on the arguments, as C terms to join with && (none: it
 * takes every argument). */
static Vec cond_terms(Link *L, int s) {
  Vec v = {0};
  for (int p = 0; p < L->fn.nparams; p++) {
    const Cond *c = &L->cond[s][p];
    const char *n = L->fn.params[p].name;
    DType d = L->k[s]->params[p].dt;
    if (c->aligned)
      vec_push(&v, fmt("(uintptr_t)%s %% 16 == 0", n));
    if (c->is_const)
      vec_push(&v, fmt("%s == %lld", n, c->cval));
    if (c->div16)
      vec_push(&v, fmt("%s %% 16 == 0", n));
    if (c->fits && !is_unsigned_dt(d))
      vec_push(&v, fmt("%s >= %s", n, bound(d, false, c->lo)));
    if (c->fits)
      vec_push(&v, fmt("%s <= %s", n, bound(d, true, c->hi)));
  }
  return v;
}

/* if (a && b && ...) {, wrapped before 100 columns */
static void emit_if(Buf *o, Vec terms, bool brace) {
  int col = 6;
  buf_puts(o, "  if (");
  for (int i = 0; i < terms.n; i++) {
    const char *t = terms.v[i];
    int w = (int)strlen(t) + (i ? 4 : 0);
    if (i && col + w > 96) {
      buf_puts(o, " &&\n      ");
      col = 6;
    } else if (i) {
      buf_puts(o, " && ");
    }
    buf_puts(o, t);
    col += (int)strlen(t) + (i ? 4 : 0);
  }
  buf_puts(o, brace ? ") {\n" : ")\n");
}

/* specialization s's launcher called with the function's arguments (narrowed where it is) */
static const char *call_args(Link *L, int s) {
  Buf b = {0};
  buf_puts(&b, L->cuda ? "stream" : "");
  for (int p = 0; p < L->fn.nparams; p++) {
    KParam *q = &L->k[s]->params[p];
    if (q->constexpr_)
      continue;
    const char *sep = b.n ? ", " : "";
    if (L->cond[s][p].fits)
      buf_printf(&b, "%s(%s)%s", sep, dtype_info[q->dt].ctype, q->name);
    else
      buf_printf(&b, "%s%s", sep, q->name);
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static void emit_banner(Link *L, Buf *o, const char *file) {
  buf_printf(o, "/* %s — generated by tritonc %s from %s; do not edit.\n *\n", file,
             TRITONC_VERSION, path_base(L->o->file));
  buf_printf(o, " * %s(...) runs the first of these specializations whose checks its arguments "
                "pass:\n", L->name);
  for (int s = 0; s < L->n; s++)
    buf_printf(o, " *   %d: %s  (%s_s%d.%s)\n", s, L->o->signatures[s], path_base(L->base), s,
               L->t->ext);
  Vec last = cond_terms(L, L->n - 1);
  if (last.n)
    buf_printf(o, " * None fits: nothing runs, and it returns %s.\n */\n",
               L->cuda ? "cudaErrorInvalidValue" : fmt("%s_NO_MATCH", L->name));
  else
    buf_printf(o, " * The last takes every argument.\n */\n");
}

static void emit_function(Link *L, Buf *c, Buf *h) {
  const char *base = path_base(L->base), *n = L->name, *params = L->t->launch_params(&L->fn);
  const char *ret = L->cuda ? "cudaError_t" : "int";
  emit_banner(L, c, fmt("%s.%s", base, L->t->ext));
  buf_puts(c, "#include <stdint.h>\n\n");
  for (int s = 0; s < L->n; s++)
    buf_printf(c, "#include \"%s_s%d.h\"\n", base, s);
  buf_printf(c, "#include \"%s.h\"\n\n%s %s(%s)\n{\n", base, ret, n, params);
  bool all = false; /* the last specialization takes every argument */
  for (int s = 0; s < L->n; s++) {
    Vec terms = cond_terms(L, s);
    all = !terms.n;
    buf_printf(c, "  /* %d: %s%s */\n", s, L->o->signatures[s], all ? " (every argument)" : "");
    const char *in = all ? "  " : "    ";
    if (!all)
      emit_if(c, terms, !L->cuda);
    if (L->cuda)
      buf_printf(c, "%sreturn %s_s%d(%s);\n", in, n, s, call_args(L, s));
    else
      buf_printf(c, "%s%s_s%d(%s);\n%sreturn 0;\n%s", in, n, s, call_args(L, s), in,
                 all ? "" : "  }\n");
  }
  if (!all)
    buf_printf(c, "  return %s;\n", L->cuda ? "cudaErrorInvalidValue" : fmt("%s_NO_MATCH", n));
  buf_printf(c, "} /* %s */\n", n);

  emit_banner(L, h, fmt("%s.h", base));
  header_open(h, base, L->cuda);
  if (!L->cuda)
    buf_printf(h, "/* What %s returns when no specialization fits its arguments. */\n"
                  "#define %s_NO_MATCH (-1)\n\n", n, n);
  buf_printf(h, "/* Runs the first specialization whose checks the arguments pass (the grid of "
                "-g); %s\n * when one ran, %s when none fits. */\n%s %s(%s);\n\n",
             L->cuda ? "cudaSuccess or its launch's error" : "0",
             L->cuda ? "cudaErrorInvalidValue" : fmt("%s_NO_MATCH", n), ret, n, params);
  header_close(h, base);
}

void link_specializations(Module *m, const Options *o, const Target *t,
                          Kernel *(*translate)(Module *m, const Options *o)) {
  if (!o->grid)
    usage_error("--link needs the launch grid (-g): the linked function launches on it");
  const char *name = c_ident(o->kernel);
  Link L = {o, t, o->out ? o->out : name, name, o->nsignatures, NULL, {0}, NULL,
            !strcmp(t->name, "cuda")};
  L.k = arena_alloc(sizeof *L.k * (size_t)L.n);
  L.cond = arena_alloc(sizeof *L.cond * (size_t)L.n);
  /* everything checked before a file is written */
  for (int s = 0; s < L.n; s++) {
    Options os = *o;
    os.signature = o->signatures[s];
    source_register("<signature>", os.signature, strlen(os.signature));
    L.k[s] = sema_kernel(m, &os);
    if (L.k[s]->nparams != L.k[0]->nparams)
      link_error(&L, s, -1, fmt("this specialization has %d parameters, specialization 0 %d",
                                L.k[s]->nparams, L.k[0]->nparams));
    L.cond[s] = arena_alloc(sizeof(Cond) * (size_t)(L.k[0]->nparams + 1));
    memset(L.cond[s], 0, sizeof(Cond) * (size_t)(L.k[0]->nparams + 1));
  }
  L.fn = *L.k[0];
  L.fn.params = arena_alloc(sizeof(KParam) * (size_t)(L.fn.nparams + 1));
  for (int p = 0; p < L.fn.nparams; p++)
    link_param(&L, p);
  check_reachable(&L);
  for (int s = 0; s < L.n; s++) {
    Options os = *o;
    os.signature = o->signatures[s];
    os.suffix = fmt("s%d", s);
    os.out = fmt("%s_s%d", L.base, s);
    source_register("<signature>", os.signature, strlen(os.signature));
    translate(m, &os);
  }
  Buf c = {0}, h = {0};
  emit_function(&L, &c, &h);
  write_output(fmt("%s.%s", L.base, t->ext), &c);
  write_output(fmt("%s.h", L.base), &h);
  buf_free(&c);
  buf_free(&h);
}
