/* sema.c — specialise one kernel for a signature and lower it to tile IR.
 *
 * An abstract interpreter over the AST: constexprs (Python values) fold with Python semantics;
 * tensors become IR values. `if` on a constexpr keeps only the taken branch; `if` on a runtime
 * scalar becomes an IR `if` whose results are the variables either branch reassigns; `for` and
 * `while` carry the variables their bodies reassign. An early `return` inside a runtime `if`
 * moves the rest of the statement list into both branches, so the IR stays structured.
 * Calls to other @triton.jit functions are inlined.
 */
#include "sema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- abstract values ---- */

SVal *sv_new(SKind k) {
  SVal *v = arena_alloc(sizeof *v);
  v->k = k;
  return v;
}
SVal *sv_int(int64_t i) { SVal *v = sv_new(SV_INT); v->i = i; return v; }
SVal *sv_float(double f) { SVal *v = sv_new(SV_FLOAT); v->f = f; return v; }
SVal *sv_bool(bool b) { SVal *v = sv_new(SV_BOOL); v->i = b; return v; }
SVal *sv_tensor(Value *x) { SVal *v = sv_new(SV_TENSOR); v->v = x; return v; }
SVal *sv_tuple(int n) {
  SVal *v = sv_new(SV_TUPLE);
  v->n = n;
  v->items = arena_alloc(sizeof(SVal *) * (size_t)(n ? n : 1));
  return v;
}

bool sv_is_number(const SVal *v) { return v->k == SV_INT || v->k == SV_FLOAT || v->k == SV_BOOL; }

const char *sv_kind_name(const SVal *v) {
  switch (v->k) {
  case SV_NONE: return "None";
  case SV_INT: return "an int";
  case SV_FLOAT: return "a float";
  case SV_BOOL: return "a bool";
  case SV_STR: return "a string";
  case SV_DTYPE: return "a dtype";
  case SV_TUPLE: return v->cls ? fmt("a NamedTuple '%s'", v->cls->name) : "a tuple";
  case SV_CLASS: return fmt("the NamedTuple class '%s'", v->cls->name);
  case SV_DICT: return "a dict";
  case SV_TENSOR:
    return v->v->sh.rank ? fmt("a %s%s tensor", dt_name(v->v->dt, v->v->elt), shape_str(v->v->sh))
                         : fmt("a %s scalar", dt_name(v->v->dt, v->v->elt));
  case SV_FUNC: return fmt("the function '%s'", v->fn->str);
  case SV_BUILTIN: return fmt("the builtin '%s'", v->s);
  case SV_MODULE: return fmt("the module '%s'", v->s);
  case SV_SLICE: return "a slice";
  case SV_CONSTEXPR_T: return "tl.constexpr";
  case SV_CONFIG: return "a triton.Config";
  case SV_BLOCKPTR: return "a block pointer";
  case SV_TDESC: return "a tensor descriptor";
  }
  return "a value";
}

bool sv_truthy(Sema *S, Loc loc, SVal *v) {
  (void)S;
  switch (v->k) {
  case SV_NONE: return false;
  case SV_INT: case SV_BOOL: return v->i != 0;
  case SV_FLOAT: return v->f != 0;
  case SV_STR: return v->s[0] != 0;
  case SV_TUPLE: return v->n != 0;
  case SV_TENSOR:
    error_at(loc, "a tensor's truth value is not known at compile time here; this needs a "
                  "constexpr");
  default: return true;
  }
}

/* ---- scopes ---- */

static Scope *scope_copy(const Scope *s);

static SVal *scope_get(Scope *s, const char *name) {
  for (int i = s->n - 1; i >= 0; i--)
    if (strcmp(s->vars[i].name, name) == 0)
      return s->vars[i].val;
  return NULL;
}

static void scope_set(Scope *s, const char *name, SVal *val) {
  for (int i = 0; i < s->n; i++)
    if (strcmp(s->vars[i].name, name) == 0) {
      s->vars[i].val = val;
      return;
    }
  if (s->n == s->cap) {
    int cap = s->cap ? s->cap * 2 : 16;
    Var *v = arena_alloc(sizeof(Var) * (size_t)cap);
    if (s->n)
      memcpy(v, s->vars, sizeof(Var) * (size_t)s->n);
    s->vars = v;
    s->cap = cap;
  }
  s->vars[s->n++] = (Var){name, val};
}

Scope *scope_clone(const Scope *s) { return scope_copy(s); }

static Scope *scope_copy(const Scope *s) {
  Scope *c = arena_alloc(sizeof *c);
  c->n = c->cap = s->n;
  c->vars = arena_alloc(sizeof(Var) * (size_t)(s->n ? s->n : 1));
  if (s->n)
    memcpy(c->vars, s->vars, sizeof(Var) * (size_t)s->n);
  return c;
}

static const char *RET = "<return value>";

/* Whether the file defines `def name(` at module level (host Python the parser skipped). */
static bool source_defines(const char *file, const char *name) {
  int len;
  for (int l = 1; source_line(file, l, &len); l++) {
    const char *s = source_line(file, l, &len);
    size_t n = strlen(name);
    if (len > (int)n + 4 && !strncmp(s, "def ", 4) && !strncmp(s + 4, name, n) && s[4 + n] == '(')
      return true;
  }
  return false;
}

/* The first return statement in a body (for positioning errors). */
static Node *find_return(NodeList *body) {
  for (int i = 0; i < body->n; i++) {
    Node *s = body->v[i], *r = NULL;
    if (s->kind == N_RETURN)
      return s;
    if (s->kind == N_IF && !(r = find_return(&s->body)))
      r = find_return(&s->orelse);
    if ((s->kind == N_FOR || s->kind == N_WHILE))
      r = find_return(&s->body);
    if (r)
      return r;
  }
  return NULL;
}

/* ---- names ---- */

static SVal *lookup_global(Sema *S, Loc loc, const char *name);

static SVal *lookup(Sema *S, Loc loc, const char *name) {
  SVal *v = scope_get(S->scope, name);
  if (v)
    return v;
  v = lookup_global(S, loc, name);
  if (!v && source_defines(S->env->file, name))
    error_at(loc, "'%s' is not a @triton.jit function; a kernel can call only @triton.jit "
                  "functions and Triton builtins", name);
  if (!v)
    error_at(loc, "name '%s' is not defined", name);
  return v;
}

static const char *const py_builtins[] = {"range", "min", "max", "len", "float", "int", "bool",
                                          "abs", "print", "isinstance", "tuple", "list",
                                          "getattr", "hasattr", "str", "filter", "dict", NULL};

static SVal *lookup_global(Sema *S, Loc loc, const char *name) {
  SVal *v = module_lookup(S, loc, S->env, name);
  if (v)
    return v;
  for (int i = 0; py_builtins[i]; i++)
    if (strcmp(py_builtins[i], name) == 0) {
      v = sv_new(SV_BUILTIN);
      v->s = fmt("py.%s", name);
      return v;
    }
  return NULL;
}

/* ---- expressions ---- */

static SVal *eval_call(Sema *S, Node *n);
static SVal *eval_subscript(Sema *S, Node *n);

/* obj.name (also getattr(obj, "name")) */
SVal *attr_of(Sema *S, Loc loc, SVal *obj, const char *name) {
  /* X.value of a tl.constexpr(...) global: tritonc keeps constexprs unwrapped */
  if (!strcmp(name, "value") && (sv_is_number(obj) || obj->k == SV_STR || obj->k == SV_NONE))
    return obj;
  if (obj->cls) /* a NamedTuple or its class */
    return nt_attr(S, loc, obj, name);
  switch (obj->k) {
  case SV_MODULE:
    return obj->menv ? module_attr(S, loc, obj->menv, name)
                     : lookup_module_attr(S, loc, obj->s, name);
  case SV_TENSOR: case SV_DTYPE: case SV_FUNC: case SV_BLOCKPTR: case SV_TDESC:
    return tensor_attr(S, loc, obj, name);
  case SV_INT: case SV_FLOAT: case SV_BOOL:
    if (S->host) /* a Python number of host code: its methods are not evaluated */
      error_at(loc, "'%s.%s' is host Python tritonc does not evaluate",
               obj->k == SV_INT ? "int" : obj->k == SV_FLOAT ? "float" : "bool", name);
    /* `v = 1; v.dtype`, `acc = 0; acc = acc.to(tl.int64)`: Triton makes a number a kernel
     * assigns into a scalar tensor (int32, int64 when it does not fit, fp32, int1), whose
     * attributes and methods these are; tritonc keeps the number and converts it here. */
    return tensor_attr(S, loc, sv_tensor(to_tensor(S, loc, obj)), name);
  default: {
    SVal *v = host_attr(loc, obj, name);
    if (!v)
      error_at(loc, "%s has no attribute '%s'", sv_kind_name(obj), name);
    return v;
  }
  }
}

static SVal *eval_attr(Sema *S, Node *n) {
  return attr_of(S, n->loc, eval_expr(S, n->a), n->str);
}

static SVal *eval_compare(Sema *S, Node *n) {
  SVal *left = eval_expr(S, n->args.v[0]), *result = NULL;
  for (int i = 0; i < n->args.n - 1; i++) {
    SVal *right = eval_expr(S, n->args.v[i + 1]);
    SVal *r = binary(S, n->loc, n->ops[i], left, right);
    if (!result)
      result = r;
    else if (result->k != SV_TENSOR && r->k != SV_TENSOR)
      result = sv_bool(sv_truthy(S, n->loc, result) && sv_truthy(S, n->loc, r));
    else
      result = binary(S, n->loc, OP_AND, result, r);
    left = right;
  }
  return result;
}

static SVal *eval_boolop(Sema *S, Node *n) {
  SVal *a = eval_expr(S, n->a);
  if (a->k != SV_TENSOR) {
    /* Python short-circuit on constexprs */
    bool t = sv_truthy(S, n->loc, a);
    if ((n->op == OP_AND && !t) || (n->op == OP_OR && t))
      return a;
    return eval_expr(S, n->b);
  }
  return binary(S, n->loc, n->op, a, eval_expr(S, n->b));
}

/* `tl.store(p, x) if pid % 2 == 0 else tl.store(p, y)`: branches without a value, run for
 * their effects, become an if (Triton's scf.if): only the taken one runs. The then branch was
 * evaluated into the current block from pos on; its ops move into the if's first region. */
static SVal *void_ifexp(Sema *S, Node *n, Value *cond, int pos) {
  Block *cur = S->cur, *then = ir_block();
  for (int i = pos; i < cur->nops; i++) {
    Op *o = cur->ops[i];
    if (then->nops == then->cap) {
      int cap = then->cap ? then->cap * 2 : 16;
      Op **ops = arena_alloc(sizeof(Op *) * (size_t)cap);
      if (then->nops)
        memcpy(ops, then->ops, sizeof(Op *) * (size_t)then->nops);
      then->ops = ops;
      then->cap = cap;
    }
    then->ops[then->nops++] = o;
    o->parent = then;
  }
  cur->nops = pos;
  cond = to_bool(S, n->a->loc, cond);
  Op *op = ir_op(cur, O_IF, n->loc, 1, &cond);
  op->nreg = 2;
  op->reg[0] = then;
  op->reg[1] = ir_block();
  then->parent = op->reg[1]->parent = op;
  S->cur = op->reg[1];
  SVal *b = eval_expr(S, n->c);
  S->cur = cur;
  if (b->k != SV_NONE)
    error_at(n->loc, "one branch of this conditional expression has a value and the other none");
  for (int r = 0; r < 2; r++)
    ir_op(op->reg[r], O_YIELD, n->loc, 0, NULL);
  return b;
}

static SVal *eval_ifexp(Sema *S, Node *n) {
  SVal *c = eval_expr(S, n->a);
  if (c->k != SV_TENSOR)
    return eval_expr(S, sv_truthy(S, n->loc, c) ? n->b : n->c);
  if (c->v->sh.rank)
    error_at(n->loc, "a conditional expression needs a scalar condition; use tl.where for tiles");
  int pos = S->cur->nops;
  SVal *a = eval_expr(S, n->b);
  if (a->k == SV_NONE)
    return void_ifexp(S, n, c->v, pos);
  SVal *b = eval_expr(S, n->c);
  if (b->k == SV_NONE)
    error_at(n->loc, "one branch of this conditional expression has a value and the other none");
  Value *x, *y;
  promote_pair(S, n->loc, a, b, false, &x, &y);
  if (x->dt == DT_PTR && y->dt == DT_PTR && x->cptr != y->cptr)
    error_at(n->loc, "Ternary expression with dynamic condition has inconsistent type: a pointer "
                     "to constant memory (tl.const) and a plain pointer");
  return sv_tensor(tensor_select(S, n->loc, c->v, x, y));
}

static SVal *eval_seq(Sema *S, Node *n) {
  SVal *t = sv_tuple(n->args.n);
  for (int i = 0; i < n->args.n; i++)
    t->items[i] = eval_expr(S, n->args.v[i]);
  return t;
}

SVal *eval_expr(Sema *S, Node *n) {
  switch (n->kind) {
  case N_NAME: return lookup(S, n->loc, n->str);
  case N_INT:
    if (n->ival_big) {
      SVal *u = sv_int(n->ival);
      u->u64 = true;
      return u;
    }
    return sv_int(n->ival);
  case N_FLOAT: return sv_float(n->fval);
  case N_BOOL: return sv_bool(n->ival != 0);
  case N_NONE: return sv_new(SV_NONE);
  case N_STR: {
    SVal *s = sv_new(SV_STR);
    s->s = n->str;
    return s;
  }
  case N_ATTR: return eval_attr(S, n);
  case N_CALL: return eval_call(S, n);
  case N_SUBSCRIPT: return eval_subscript(S, n);
  case N_BINOP: return binary(S, n->loc, n->op, eval_expr(S, n->a), eval_expr(S, n->b));
  case N_UNOP: return unary(S, n->loc, n->op, eval_expr(S, n->a));
  case N_BOOLOP: return eval_boolop(S, n);
  case N_COMPARE: return eval_compare(S, n);
  case N_IFEXP: return eval_ifexp(S, n);
  case N_TUPLE: return eval_seq(S, n);
  case N_LIST: {
    SVal *l = eval_seq(S, n);
    l->list = S->host;
    return l;
  }
  case N_DICT: {
    SVal *d = eval_seq(S, n);
    d->k = SV_DICT;
    return d;
  }
  case N_SLICE: {
    SVal *s = sv_tuple(3);
    s->k = SV_SLICE;
    Node *parts[3] = {n->a, n->b, n->c};
    for (int i = 0; i < 3; i++)
      s->items[i] = parts[i] ? eval_expr(S, parts[i]) : sv_new(SV_NONE);
    return s;
  }
  case N_FUNCDEF: {
    SVal *f = sv_new(SV_FUNC); /* a lambda inside a decorator or host code */
    f->fn = n;
    f->menv = S->env;
    if (S->scope->n)
      f->clo = scope_copy(S->scope);
    return f;
  }
  case N_COMP: return eval_comp(S, n);
  default:
    error_at(n->loc, "%s is not supported here", node_names[n->kind]);
  }
}

// x[:, None], x[None, :], t[0], d['key']
static SVal *eval_subscript(Sema *S, Node *n) {
  SVal *obj = eval_expr(S, n->a);
  if (obj->k == SV_TUPLE || obj->k == SV_DICT) {
    if (n->args.n != 1)
      error_at(n->loc, "a tuple takes one index");
    SVal *idx = eval_expr(S, n->args.v[0]);
    if (obj->k == SV_DICT) {
      for (int i = 0; i + 1 < obj->n; i += 2) {
        SVal *key = obj->items[i];
        if (key->k == SV_STR && idx->k == SV_STR ? !strcmp(key->s, idx->s)
            : (key->k == SV_INT || key->k == SV_BOOL) && (idx->k == SV_INT || idx->k == SV_BOOL)
                ? key->i == idx->i
                : false)
          return obj->items[i + 1];
      }
      error_at(n->loc, "key not found in dict");
    }
    if (idx->k != SV_INT)
      error_at(n->args.v[0]->loc, "tuple index must be a constant integer");
    int64_t i = idx->i < 0 ? idx->i + obj->n : idx->i;
    if (i < 0 || i >= obj->n)
      error_at(n->args.v[0]->loc, "tuple index %lld out of range (size %d)", (long long)idx->i,
               obj->n);
    return obj->items[i];
  }
  if (obj->k != SV_TENSOR)
    error_at(n->loc, "%s cannot be indexed", sv_kind_name(obj));
  /* Triton's tensor.__getitem__: the index at position i that is None is expand_dims(ret, i);
   * a ':' passes over, whatever the rank (so a scalar pointer's Z[None, None, :] is [1, 1], the
   * form test_core's keep_dims reductions store through). */
  Value *v = obj->v;
  Shape sh = v->sh;
  for (int i = 0; i < n->args.n; i++) {
    Node *it = n->args.v[i];
    if (it->kind == N_NONE) {
      if (sh.rank == MAXRANK)
        error_at(it->loc, "too many dimensions (at most %d)", MAXRANK);
      if (i > sh.rank)
        error_at(it->loc, "invalid axis %d for expand_dims: the tensor has rank %d here (None at "
                 "index %d inserts a dimension at position %d)", i, sh.rank, i, i);
      memmove(&sh.d[i + 1], &sh.d[i], sizeof(int) * (size_t)(sh.rank - i));
      sh.d[i] = 1;
      sh.rank++;
    } else if (!(it->kind == N_SLICE && !it->a && !it->b && !it->c)) {
      error_at(it->loc, "unsupported tensor index: only ':' and None are allowed in Triton");
    }
  }
  return sv_tensor(reshape_to(S, n->loc, v, sh));
}

static SVal **arena_realloc_vals(SVal **v, int n, int cap) {
  SVal **r = arena_alloc(sizeof(SVal *) * (size_t)(cap + 1));
  if (n)
    memcpy(r, v, sizeof(SVal *) * (size_t)n);
  return r;
}

/* f(**d) in host Python: d, a dict of names. Into @triton.autotune, whose other options steer
 * only the host's tuning, a spread tritonc cannot evaluate is kept as a string saying why
 * (fla's `**autotune_cache_kwargs` come from inspect.signature(triton.autotune)); the dispatcher
 * of --all-configs, which would need them, refuses it. */
static SVal *spread_value(Sema *S, SVal *fn, Node *kw) {
  if (!S->host)
    error_at(kw->loc, "'**kwargs' in calls is not supported in Triton kernels");
  const char *why = NULL;
  bool autotune = fn->k == SV_BUILTIN && !strcmp(fn->s, "triton.autotune");
  SVal *d = autotune ? eval_or_why(S, kw->a, &why) : eval_expr(S, kw->a);
  if (!d) {
    d = sv_new(SV_STR);
    d->s = fmt("'**' at %s:%d:%d: %s", kw->loc.file, kw->loc.line, kw->loc.col, why);
    return d;
  }
  if (d->k != SV_DICT || d->s)
    error_at(kw->loc, "'**' needs a dict here, got %s", sv_kind_name(d));
  for (int j = 0; j + 1 < d->n; j += 2)
    if (d->items[j]->k != SV_STR)
      error_at(kw->loc, "'**' needs a dict whose keys are strings");
  return d;
}

static SVal *eval_call(Sema *S, Node *n) {
  SVal *fn = eval_expr(S, n->a);
  int na = 0, nk = n->kws.n;
  Vec pos = {0};
  for (int i = 0; i < n->args.n; i++) {
    Node *a = n->args.v[i];
    if (!a || (a->kind == N_STARRED && !a->a))
      error_at(n->loc, "argument %d of this call is Python that cannot be evaluated at compile "
                       "time", i + 1);
    if (a->kind != N_STARRED) {
      vec_push(&pos, eval_expr(S, a));
      continue;
    }
    SVal *t = eval_expr(S, a->a); /* f(x, *t): t's items are arguments */
    if (t->k != SV_TUPLE)
      error_at(a->loc, "'*' needs a tuple here, got %s", sv_kind_name(t));
    for (int j = 0; j < t->n; j++)
      vec_push(&pos, t->items[j]);
  }
  na = pos.n;
  SVal **args = arena_alloc(sizeof(SVal *) * (size_t)(na + 1));
  SVal **kwv = arena_alloc(sizeof(SVal *) * (size_t)(nk + 1));
  const char **kwn = arena_alloc(sizeof(char *) * (size_t)(nk + 1));
  for (int i = 0; i < na; i++)
    args[i] = pos.v[i];
  nk = 0;
  for (int i = 0; i < n->kws.n; i++) {
    Node *kw = n->kws.v[i];
    if (!kw->a)
      error_at(kw->loc, "keyword argument '%s' is Python that cannot be evaluated at "
                        "compile time", kw->str);
    if (strcmp(kw->str, "**")) {
      kwn[nk] = kw->str;
      kwv[nk++] = eval_expr(S, kw->a);
      continue;
    }
    SVal *d = spread_value(S, fn, kw);
    if (d->k == SV_STR) { /* autotune's options, not evaluated: kept as "**" */
      kwn[nk] = kw->str;
      kwv[nk++] = d;
      continue;
    }
    kwv = arena_realloc_vals(kwv, nk, nk + d->n / 2 + n->kws.n - i);
    kwn = (const char **)arena_realloc_vals((SVal **)kwn, nk, nk + d->n / 2 + n->kws.n - i);
    for (int j = 0; j + 1 < d->n; j += 2) {
      for (int k = 0; k < nk; k++)
        if (!strcmp(kwn[k], d->items[j]->s))
          error_at(kw->loc, "got multiple values for keyword argument '%s'", kwn[k]);
      kwn[nk] = d->items[j]->s;
      kwv[nk++] = d->items[j + 1];
    }
  }
  Node *saved = S->call;
  S->call = n;
  SVal *r = call_value(S, n->loc, fn, args, na, kwn, kwv, nk);
  S->call = saved;
  return r;
}

/* ---- statements ---- */

static void exec_block(Sema *S, NodeList *body, int from, NodeList *tail);

static void assign_target(Sema *S, Node *t, SVal *v) {
  switch (t->kind) {
  case N_NAME:
    if (v->k == SV_TENSOR && !v->v->name)
      v->v->name = t->str;
    scope_set(S->scope, t->str, v);
    return;
  case N_TUPLE: case N_LIST:
    if (v->k != SV_TUPLE)
      error_at(t->loc, "cannot unpack %s into %d names", sv_kind_name(v), t->args.n);
    if (v->n != t->args.n)
      error_at(t->loc, "cannot unpack %d values into %d names", v->n, t->args.n);
    for (int i = 0; i < v->n; i++)
      assign_target(S, t->args.v[i], v->items[i]);
    return;
  case N_SUBSCRIPT: { /* values[i] = x on a tuple: the name is bound to a copy with item i x */
    SVal *obj = eval_expr(S, t->a);
    if (obj->k != SV_TUPLE || t->args.n != 1)
      error_at(t->loc, "cannot assign to an item of %s (only tuple items can be assigned: "
               "tensors are values)", sv_kind_name(obj));
    SVal *idx = eval_expr(S, t->args.v[0]);
    if (idx->k != SV_INT)
      error_at(t->args.v[0]->loc, "tuple index must be a constant integer");
    int64_t i = idx->i < 0 ? idx->i + obj->n : idx->i;
    if (i < 0 || i >= obj->n)
      error_at(t->args.v[0]->loc, "tuple index %lld out of range (size %d)", (long long)idx->i,
               obj->n);
    SVal *copy = sv_tuple_like(obj);
    for (int j = 0; j < obj->n; j++)
      copy->items[j] = j == i ? v : obj->items[j];
    assign_target(S, t->a, copy);
    return;
  }
  default:
    error_at(t->loc, "cannot assign to %s (only names, tuples of names and tuple items)",
             node_names[t->kind]);
  }
}

static void collect_assigned(NodeList *body, Vec *names);

static void add_name(Vec *names, const char *s) {
  for (int i = 0; i < names->n; i++)
    if (strcmp(names->v[i], s) == 0)
      return;
  vec_push(names, (void *)s);
}

static void collect_target(Node *t, Vec *names) {
  if (t->kind == N_NAME)
    add_name(names, t->str);
  else if (t->kind == N_TUPLE || t->kind == N_LIST)
    for (int i = 0; i < t->args.n; i++)
      collect_target(t->args.v[i], names);
  else if (t->kind == N_SUBSCRIPT) /* a tuple item: the tuple's name is rebound */
    collect_target(t->a, names);
}

static void collect_assigned(NodeList *body, Vec *names) {
  for (int i = 0; i < body->n; i++) {
    Node *s = body->v[i];
    switch (s->kind) {
    case N_ASSIGN:
      for (int j = 0; j < s->args.n; j++)
        collect_target(s->args.v[j], names);
      break;
    case N_AUGASSIGN: case N_ANNASSIGN: collect_target(s->a, names); break;
    case N_FOR: collect_target(s->a, names); collect_assigned(&s->body, names); break;
    case N_WHILE: collect_assigned(&s->body, names); break;
    case N_IF: collect_assigned(&s->body, names); collect_assigned(&s->orelse, names); break;
    default: break;
    }
  }
}

static bool contains_return(NodeList *body) {
  for (int i = 0; i < body->n; i++) {
    Node *s = body->v[i];
    if (s->kind == N_RETURN)
      return true;
    if (s->kind == N_IF && (contains_return(&s->body) || contains_return(&s->orelse)))
      return true;
    if ((s->kind == N_FOR || s->kind == N_WHILE) && contains_return(&s->body))
      return true;
  }
  return false;
}

/* What a tensor descriptor carries through a loop or a runtime if: its base pointer, shape and
 * strides but the last (field 0, 1 .. rank, rank + 1 ..); its block shape, element type and
 * padding must stay. */
#define TDESC_SLOT 1000
static int tdesc_nfields(const BlockPtr *bp) { return 2 * bp->rank; }

static SVal *tdesc_field(const BlockPtr *bp, int f) {
  if (f == 0)
    return sv_tensor(bp->base);
  return f <= bp->rank ? bp->shape[f - 1] : bp->strides[f - 1 - bp->rank];
}

static SVal *tdesc_with_field(const SVal *d, int f, Value *v) {
  BlockPtr *n;
  SVal *r = blockptr_copy(d, &n);
  if (f == 0)
    n->base = v;
  else if (f <= n->rank)
    n->shape[f - 1] = sv_tensor(v);
  else
    n->strides[f - 1 - n->rank] = sv_tensor(v);
  return r;
}

static bool tdesc_same_form(const SVal *a, const SVal *b) {
  if (a->k != SV_TDESC || b->k != SV_TDESC || a->bp->rank != b->bp->rank ||
      a->bp->padding != b->bp->padding || a->bp->base->elt != b->bp->base->elt)
    return false;
  for (int d = 0; d < a->bp->rank; d++)
    if (a->bp->block[d] != b->bp->block[d])
      return false;
  return true;
}

/* Flattens a merged value into tensors (tuples recurse); numbers become tensors of `like`. */
static void flatten(Sema *S, Loc loc, SVal *v, Vec *out) {
  if (v->k == SV_TUPLE) {
    for (int i = 0; i < v->n; i++)
      flatten(S, loc, v->items[i], out);
    return;
  }
  if (v->k == SV_BLOCKPTR) { /* the offsets: the rest must agree (checked by the caller) */
    for (int d = 0; d < v->bp->rank; d++)
      vec_push(out, v->bp->offsets[d]);
    return;
  }
  if (v->k == SV_TDESC) { /* its fields: the form must agree (checked by the caller) */
    for (int f = 0; f < tdesc_nfields(v->bp); f++)
      vec_push(out, tdesc_field(v->bp, f));
    return;
  }
  vec_push(out, v);
}

static SVal *rebuild(SVal *shape, Value **vals, int *pos) {
  if (shape->k == SV_TUPLE) {
    SVal *t = sv_tuple_like(shape);
    for (int i = 0; i < shape->n; i++)
      t->items[i] = rebuild(shape->items[i], vals, pos);
    return t;
  }
  if (shape->k == SV_BLOCKPTR) {
    SVal *offs[MAXRANK];
    for (int d = 0; d < shape->bp->rank; d++)
      offs[d] = sv_tensor(vals[(*pos)++]);
    return blockptr_with_offsets(shape, offs);
  }
  if (shape->k == SV_TDESC) {
    SVal *r = shape;
    for (int f = 0; f < tdesc_nfields(shape->bp); f++)
      r = tdesc_with_field(r, f, vals[(*pos)++]);
    return r;
  }
  return sv_tensor(vals[(*pos)++]);
}

static bool same_value(SVal *a, SVal *b) {
  if (a == b)
    return true;
  if (a->k != b->k)
    return false;
  if (a->k == SV_TENSOR) return a->v == b->v;
  if (a->k == SV_INT || a->k == SV_BOOL) return a->i == b->i;
  if (a->k == SV_FLOAT) return a->f == b->f;
  if (a->k == SV_NONE || a->k == SV_CONSTEXPR_T) return true;
  if (a->k == SV_STR || a->k == SV_MODULE) return !strcmp(a->s, b->s);
  if (a->k == SV_DTYPE) return a->dt == b->dt && a->elt == b->elt;
  if (a->k == SV_FUNC) return a->fn == b->fn && a->menv == b->menv;
  if (a->k == SV_BUILTIN) return !strcmp(a->s, b->s) && (a->self == b->self ||
                                                        (a->self && b->self && same_value(a->self, b->self)));
  if (a->k == SV_BLOCKPTR || a->k == SV_TDESC) {
    if (!blockptr_same_frame(a, b)) return false;
    for (int d = 0; a->k == SV_BLOCKPTR && d < a->bp->rank; d++)
      if (!same_value(a->bp->offsets[d], b->bp->offsets[d])) return false;
    return true;
  }
  if (a->k == SV_CLASS) return nt_same(a->cls, b->cls);
  if (a->k == SV_TUPLE) {
    if (a->n != b->n || !nt_same(a->cls, b->cls)) return false;
    for (int i = 0; i < a->n; i++)
      if (!same_value(a->items[i], b->items[i])) return false;
    return true;
  }
  return false;
}

static DType merge_dtype(Sema *S, Loc loc, const char *name, SVal *a, SVal *b, const char *what) {
  if (a->k == SV_TENSOR && b->k == SV_TENSOR && a->v->dt == DT_PTR && b->v->dt == DT_PTR &&
      a->v->cptr != b->v->cptr) {
    /* worded as Triton's errors for this mismatch, which programs and its tests match on */
    if (name == RET)
      error_at(loc, "Inconsistent return types: a pointer to constant memory (tl.const) and a "
                    "plain pointer");
    error_at(loc, "Mismatched type for %s: a pointer to constant memory (tl.const) %s, a plain "
                  "pointer otherwise", name, what);
  }
  if (a->k == SV_TENSOR && b->k == SV_TENSOR) {
    if (a->v->dt != b->v->dt || (a->v->dt == DT_PTR && a->v->elt != b->v->elt) ||
        !shape_eq(a->v->sh, b->v->sh))
      error_at(loc, "'%s' has type %s%s %s but %s%s %s; the type must stay the same", name,
               dt_name(a->v->dt, a->v->elt), shape_str(a->v->sh), what,
               dt_name(b->v->dt, b->v->elt), shape_str(b->v->sh),
               strcmp(what, "before the loop") == 0 ? "after an iteration" : "in the else branch");
    return a->v->dt;
  }
  SVal *t = a->k == SV_TENSOR ? a : b->k == SV_TENSOR ? b : NULL;
  if (t && t->v->dt == DT_PTR) { /* a number is never a pointer */
    DType nd = number_dtype(S, loc, t == a ? b : a);
    const char *ta = a == t ? dt_name(a->v->dt, a->v->elt) : dt_name(nd, nd);
    const char *tb = b == t ? dt_name(b->v->dt, b->v->elt) : dt_name(nd, nd);
    if (name == RET)
      error_at(loc, "Inconsistent return types: %s and %s", ta, tb);
    error_at(loc, "'%s' has type %s %s but %s %s; the type must stay the same", name, ta, what, tb,
             strcmp(what, "before the loop") == 0 ? "after an iteration" : "in the else branch");
  }
  if (t) return t->v->dt;
  DType x = number_dtype(S, loc, a), y = number_dtype(S, loc, b);
  if (x != y)
    error_at(loc, "'%s' has type %s %s but %s otherwise; the type must stay the same", name,
             dtype_info[x].name, what, dtype_info[y].name);
  return x;
}

static Value *as_typed(Sema *S, Loc loc, SVal *v, DType dt, Value *like) {
  Value *r = v->k == SV_TENSOR ? v->v : to_tensor_as(S, loc, v, dt);
  if (like && !shape_eq(r->sh, like->sh))
    r = broadcast_to(S, loc, r, like->sh);
  return r;
}

// if cond: ... else: ...   (cond a runtime scalar)
static void exec_runtime_if(Sema *S, Node *n, Value *cond, NodeList *tail) {
  if (cond->sh.rank)
    error_at(n->a->loc, "an if condition must be a scalar, got a %s tensor", shape_str(cond->sh));
  cond = to_bool(S, n->a->loc, cond);
  Op *op = ir_op(S->cur, O_IF, n->loc, 1, &cond);
  op->nreg = 2;
  op->reg[0] = ir_block();
  op->reg[1] = ir_block();
  op->reg[0]->parent = op->reg[1]->parent = op;
  Scope *pre = S->scope, *branch[2];
  Block *saved = S->cur;
  bool early = contains_return(&n->body) || contains_return(&n->orelse);
  for (int b = 0; b < 2; b++) {
    S->scope = scope_copy(pre);
    S->cur = op->reg[b];
    S->returned = false;
    exec_block(S, b ? &n->orelse : &n->body, 0, early ? tail : NULL);
    if (S->returned && !scope_get(S->scope, RET))
      scope_set(S->scope, RET, sv_new(SV_NONE));
    branch[b] = S->scope;
  }
  S->returned = early;
  /* merge: variables either branch changed, present in both. After a branch that returns, both
   * ran to the function's end (the rest of the body is their tail): only the return value
   * lives on, so a name the rest rebinds to another type (`X = X + tl.arange(...)` after
   * `if pid >= n: return`) is not merged, as Triton's top-level if does not see it. */
  Vec names = {0}, thenv = {0}, elsev = {0};
  for (int i = 0; i < branch[0]->n; i++) {
    const char *nm = branch[0]->vars[i].name;
    SVal *a = branch[0]->vars[i].val, *b = scope_get(branch[1], nm);
    if (!b || same_value(a, b) || (early && strcmp(nm, RET)))
      continue;
    if (a->k == SV_TUPLE && b->k == SV_TUPLE && a->n != b->n)
      error_at(n->loc, "'%s' is a tuple of different lengths in the two branches", nm);
    if (a->k == SV_TUPLE && b->k == SV_TUPLE && !nt_same(a->cls, b->cls))
      error_at(n->loc, "'%s' is %s in one branch and %s in the other", nm, sv_kind_name(a),
               sv_kind_name(b));
    if ((a->k == SV_BLOCKPTR || b->k == SV_BLOCKPTR) &&
        (a->k != b->k || !blockptr_same_frame(a, b)))
      error_at(n->loc, "'%s' must be a block pointer with the same base, shape, strides and "
               "block shape in both branches (only tl.advance may differ)", nm);
    if ((a->k == SV_TDESC || b->k == SV_TDESC) && !tdesc_same_form(a, b))
      error_at(n->loc, "'%s' must be a tensor descriptor of the same element type, block shape "
               "and padding in both branches", nm);
    add_name(&names, nm);
  }
  Scope *out = scope_copy(pre);
  for (int i = 0; i < branch[0]->n; i++) /* unchanged-in-both and new-in-both names */
    if (scope_get(branch[1], branch[0]->vars[i].name) &&
        same_value(branch[0]->vars[i].val, scope_get(branch[1], branch[0]->vars[i].name)))
      scope_set(out, branch[0]->vars[i].name, branch[0]->vars[i].val);
  Vec vals[2] = {{0}, {0}}, of = {0}; /* of: the name each flattened value belongs to */
  for (int i = 0; i < names.n; i++) {
    flatten(S, n->loc, scope_get(branch[0], names.v[i]), &thenv);
    flatten(S, n->loc, scope_get(branch[1], names.v[i]), &elsev);
    while (of.n < thenv.n)
      vec_push(&of, names.v[i]);
  }
  if (thenv.n != elsev.n)
    error_at(n->loc, "values assigned in the two branches have different structures");
  for (int i = 0; i < thenv.n; i++) {
    SVal *a = thenv.v[i], *b = elsev.v[i];
    if (a->k != SV_TENSOR && b->k != SV_TENSOR && !sv_is_number(a))
      error_at(n->loc, "a runtime if cannot merge %s", sv_kind_name(a));
    const char *nm = i < of.n ? of.v[i] : "value";
    DType dt = merge_dtype(S, n->loc, nm, a, b, "in the then branch");
    Value *like = a->k == SV_TENSOR ? a->v : b->k == SV_TENSOR ? b->v : NULL;
    S->cur = op->reg[0];
    vec_push(&vals[0], as_typed(S, n->loc, a, dt, like));
    S->cur = op->reg[1];
    vec_push(&vals[1], as_typed(S, n->loc, b, dt, like));
  }
  for (int b = 0; b < 2; b++)
    ir_op(op->reg[b], O_YIELD, n->loc, vals[b].n, (Value **)vals[b].v);
  S->cur = saved;
  Value **res = arena_alloc(sizeof(Value *) * (size_t)(thenv.n + 1));
  for (int i = 0; i < thenv.n; i++) {
    Value *t = vals[0].v[i];
    res[i] = ir_result(S->k, op, t->dt, t->sh);
    res[i]->elt = t->elt;
    res[i]->cptr = t->cptr; /* the branches agree (merge_dtype) */
  }
  int pos = 0;
  for (int i = 0; i < names.n; i++) {
    SVal *v = rebuild(scope_get(branch[0], names.v[i]), res, &pos);
    if (v->k == SV_TENSOR && strcmp(names.v[i], RET) != 0)
      v->v->name = names.v[i];
    scope_set(out, names.v[i], v);
  }
  S->scope = out;
}

static void exec_if(Sema *S, Node *n, NodeList *tail) {
  SVal *c = eval_expr(S, n->a);
  if (c->k != SV_TENSOR) { /* constexpr condition: the dead branch is never looked at */
    exec_block(S, sv_truthy(S, n->a->loc, c) ? &n->body : &n->orelse, 0, NULL);
    return;
  }
  if (S->loop_depth && contains_return(&n->body))
    error_at(find_return(&n->body)->loc, "'return' inside a for or while loop is not supported "
                                         "(as in Triton)");
  exec_runtime_if(S, n, c->v, tail);
}

/* A tuple a loop carries: its tensors and numbers are carried values (leaves, numbered depth
 * first); its other items (None, strings, dtypes, block pointers) must stay what they were. */
static bool carriable(SVal *v) { return v->k == SV_TENSOR || sv_is_number(v); }

static int tuple_leaves(SVal *t) {
  int n = 0;
  for (int i = 0; i < t->n; i++)
    n += t->items[i]->k == SV_TUPLE ? tuple_leaves(t->items[i]) : carriable(t->items[i]);
  return n;
}

/* where leaf *j of t is (counting *j down through the leaves before it), or NULL */
static SVal **tuple_leaf(SVal *t, int *j) {
  for (int i = 0; i < t->n; i++) {
    if (t->items[i]->k == SV_TUPLE) {
      SVal **r = tuple_leaf(t->items[i], j);
      if (r)
        return r;
    } else if (carriable(t->items[i]) && (*j)-- == 0) {
      return &t->items[i];
    }
  }
  return NULL;
}

/* The path of leaf *j of t: field names and item indices, `acc`, `args_1_ptr`; NULL if none. */
static const char *leaf_path(SVal *t, int *j) {
  for (int i = 0; i < t->n; i++) {
    const char *step = t->cls ? t->cls->fields[i] : fmt("%d", i), *r = NULL;
    if (t->items[i]->k == SV_TUPLE && (r = leaf_path(t->items[i], j)))
      return fmt("%s_%s", step, r);
    if (t->items[i]->k != SV_TUPLE && carriable(t->items[i]) && (*j)-- == 0)
      return step;
  }
  return NULL;
}

/* a copy of t whose leaf j is v */
static SVal *tuple_with_leaf(SVal *t, int j, SVal *v) {
  SVal *c = sv_tuple_like(t);
  for (int i = 0; i < t->n; i++) {
    SVal *it = t->items[i];
    int before = it->k == SV_TUPLE ? tuple_leaves(it) : carriable(it);
    c->items[i] = j >= 0 && j < before ? (it->k == SV_TUPLE ? tuple_with_leaf(it, j, v) : v) : it;
    j -= before;
  }
  return c;
}

/* Is now (the tuple at the end of a loop trip) shaped as was (the tuple before the loop): the
 * same nesting, tensors and numbers where it had them, every other item the same value? */
static bool tuple_same_frame(SVal *now, SVal *was) {
  if (now->k != SV_TUPLE || now->n != was->n || !nt_same(now->cls, was->cls))
    return false;
  for (int i = 0; i < now->n; i++) {
    SVal *a = now->items[i], *b = was->items[i];
    if (b->k == SV_TUPLE ? !tuple_same_frame(a, b)
                         : carriable(b) ? !carriable(a) : !same_value(a, b))
      return false;
  }
  return true;
}

/* a value a loop carries (carried_vars): anything else must not change in the body */
static bool loop_carries(SVal *v) {
  return carriable(v) || v->k == SV_TUPLE || v->k == SV_BLOCKPTR || v->k == SV_TDESC;
}

/* Loop-carried variables: names the body assigns that exist before the loop. A block pointer
 * carries its offsets (slot d: offset d; slots hold d + 1, 0 for a whole variable): tl.advance
 * changes nothing else, and base, shape and strides stay the values (and constants) they were. */
static void carried_vars(Sema *S, NodeList *body, Vec *names, Vec *inits, Vec *slots, Loc loc) {
  Vec assigned = {0};
  collect_assigned(body, &assigned);
  for (int i = 0; i < assigned.n; i++) {
    SVal *v = scope_get(S->scope, assigned.v[i]);
    if (!v)
      continue;
    if (v->k == SV_BLOCKPTR) {
      for (int d = 0; d < v->bp->rank; d++) {
        vec_push(names, assigned.v[i]);
        vec_push(inits, to_tensor_as(S, loc, v->bp->offsets[d], DT_I64));
        vec_push(slots, (void *)(intptr_t)(d + 1));
      }
      continue;
    }
    if (v->k == SV_TDESC) {
      for (int f = 0; f < tdesc_nfields(v->bp); f++) {
        vec_push(names, assigned.v[i]);
        vec_push(inits, to_tensor(S, loc, tdesc_field(v->bp, f)));
        vec_push(slots, (void *)(intptr_t)(TDESC_SLOT + f));
      }
      continue;
    }
    if (v->k == SV_TUPLE) { /* its tensors and numbers, leaf j in slot -(j + 1) */
      int nl = tuple_leaves(v);
      for (int j = 0; j < nl; j++) {
        vec_push(names, assigned.v[i]);
        vec_push(inits, to_tensor(S, loc, *tuple_leaf(v, &(int){j})));
        vec_push(slots, (void *)(intptr_t)-(j + 1));
      }
      continue;
    }
    if (!carriable(v))
      continue;
    vec_push(names, assigned.v[i]);
    vec_push(inits, to_tensor(S, loc, v));
    vec_push(slots, NULL);
  }
}

static int slot_of(Vec *slots, int i) { return (int)(intptr_t)slots->v[i] - 1; }

/* the tuple leaf carried value i is, or -1 */
static int tuple_slot(Vec *slots, int i) {
  intptr_t s = (intptr_t)slots->v[i];
  return s < 0 ? (int)(-s - 1) : -1;
}

/* the tensor descriptor field carried value i is, or -1 */
static int tdesc_slot(Vec *slots, int i) {
  intptr_t s = (intptr_t)slots->v[i];
  return s >= TDESC_SLOT ? (int)(s - TDESC_SLOT) : -1;
}

/* Binds carried value i (a block argument or the loop's result) in the current scope. */
static void set_carried(Sema *S, Vec *names, Vec *slots, int i, Value *v) {
  int d = slot_of(slots, i), tj = tuple_slot(slots, i), tf = tdesc_slot(slots, i);
  if (tf >= 0) { /* field tf of a tensor descriptor */
    scope_set(S->scope, names->v[i], tdesc_with_field(scope_get(S->scope, names->v[i]), tf, v));
    return;
  }
  if (tj >= 0) { /* leaf tj of a tuple */
    SVal *t = scope_get(S->scope, names->v[i]);
    /* a NamedTuple's leaves are named by their fields (st_acc), a tuple's by number (acc_0) */
    v->name = t->cls ? fmt("%s_%s", (const char *)names->v[i], leaf_path(t, &(int){tj}))
                     : fmt("%s_%d", (const char *)names->v[i], tj);
    scope_set(S->scope, names->v[i], tuple_with_leaf(t, tj, sv_tensor(v)));
    return;
  }
  if (d < 0) {
    scope_set(S->scope, names->v[i], sv_tensor(v));
    return;
  }
  SVal *bp = scope_get(S->scope, names->v[i]), *offs[MAXRANK];
  v->name = fmt("%s_off%d", (const char *)names->v[i], d); /* offset d of the block pointer */
  for (int k = 0; k < bp->bp->rank; k++)
    offs[k] = k == d ? sv_tensor(v) : bp->bp->offsets[k];
  scope_set(S->scope, names->v[i], blockptr_with_offsets(bp, offs));
}

/* The value yielded for carried value i: offset d of a block pointer that kept its frame. */
static SVal *carried_now(Sema *S, Loc loc, Vec *names, Vec *slots, Scope *pre, int i) {
  SVal *v = scope_get(S->scope, names->v[i]);
  int d = slot_of(slots, i), tj = tuple_slot(slots, i), tf = tdesc_slot(slots, i);
  if (tf >= 0) {
    if (!tdesc_same_form(v, scope_get(pre, names->v[i])))
      error_at(loc, "'%s' is a tensor descriptor before the loop; the loop may make it another "
               "descriptor of the same element type, block shape and padding, not %s",
               (const char *)names->v[i], v->k == SV_TDESC ? "one of another form"
                                                           : sv_kind_name(v));
    return tdesc_field(v->bp, tf);
  }
  if (tj >= 0) {
    SVal *before = scope_get(pre, names->v[i]);
    if (!tuple_same_frame(v, before))
      error_at(loc, "'%s' is a tuple before the loop; the loop may change its tensors and "
               "numbers but not make it %s (the same items, of the same kinds; its other items "
               "unchanged)", (const char *)names->v[i],
               v->k == SV_TUPLE ? "a tuple of another form" : sv_kind_name(v));
    return *tuple_leaf(v, &tj);
  }
  if (d < 0)
    return v;
  SVal *before = scope_get(pre, names->v[i]);
  if (v->k != SV_BLOCKPTR || !blockptr_same_frame(v, before))
    error_at(loc, "'%s' is a block pointer before the loop; the loop may move it with tl.advance "
             "but not make it %s (base, shape, strides and block shape must stay the same)",
             (const char *)names->v[i], v->k == SV_BLOCKPTR ? "a different block pointer"
                                                           : sv_kind_name(v));
  return v->bp->offsets[d];
}

static Block *loop_region(Op *op, int r) {
  op->reg[r] = ir_block();
  op->reg[r]->parent = op;
  if (op->nreg < r + 1)
    op->nreg = r + 1;
  return op->reg[r];
}

static Value *block_arg(Sema *S, Block *b, Value *like) {
  Value *a = ir_value(S->k, like->dt, like->sh);
  a->elt = like->elt;
  a->name = like->name;
  Value **args = arena_alloc(sizeof(Value *) * (size_t)(b->nargs + 1));
  if (b->nargs)
    memcpy(args, b->args, sizeof(Value *) * (size_t)b->nargs);
  args[b->nargs++] = a;
  b->args = args;
  return a;
}

/* A name the loop body reassigns whose value a loop cannot carry (a string, None, a dtype, a
 * function, ...) must end the trip as it began: otherwise a later trip, and the code after the
 * loop, would see a value the program did not give it. */
static void check_uncarried(Sema *S, Loc loc, NodeList *body, Scope *pre) {
  Vec assigned = {0};
  collect_assigned(body, &assigned);
  for (int i = 0; i < assigned.n; i++) {
    SVal *was = scope_get(pre, assigned.v[i]), *now = scope_get(S->scope, assigned.v[i]);
    if (!was || !now || loop_carries(was) || same_value(now, was))
      continue;
    error_at(loc, "the loop body changes '%s', %s before the loop: a loop carries tensors, "
             "numbers, tuples of them, block pointers and tensor descriptors only",
             (const char *)assigned.v[i], sv_kind_name(was));
  }
}

static void yield_carried(Sema *S, Loc loc, Block *b, Vec *names, Vec *inits, Vec *slots,
                          Scope *pre, OpKind k, Value *cond) {
  Value **vals = arena_alloc(sizeof(Value *) * (size_t)(names->n + 2));
  int nv = 0;
  if (cond)
    vals[nv++] = cond;
  for (int i = 0; i < names->n; i++) {
    SVal *v = carried_now(S, loc, names, slots, pre, i);
    Value *init = inits->v[i];
    SVal iv = {.k = SV_TENSOR, .v = init};
    merge_dtype(S, loc, names->v[i], &iv, v, "before the loop");
    vals[nv++] = as_typed(S, loc, v, init->dt, init);
  }
  ir_op(b, k, loc, nv, vals);
}

static void bind_results(Sema *S, Op *op, Vec *names, Vec *inits, Vec *slots) {
  for (int i = 0; i < names->n; i++) {
    Value *init = inits->v[i];
    Value *r = ir_result(S->k, op, init->dt, init->sh);
    r->elt = init->elt;
    r->name = names->v[i];
    set_carried(S, names, slots, i, r);
  }
}

static void exec_static_range(Sema *S, Node *n, SVal *it) {
  int64_t lo = it->items[0]->i, hi = it->items[1]->i, st = it->items[2]->i;
  if (st == 0)
    error_at(n->b->loc, "static_range step must not be zero");
  int64_t count = 0;
  for (int64_t i = lo; st > 0 ? i < hi : i > hi; i += st) {
    if (++count > 4096)
      error_at(n->b->loc, "static_range unrolls more than 4096 iterations");
    assign_target(S, n->a, sv_int(i));
    exec_block(S, &n->body, 0, NULL);
  }
}

// for i in range(lo, hi, step): ...  /  tl.range(...)  /  tl.static_range(...)
static void exec_for(Sema *S, Node *n) {
  SVal *it = eval_expr(S, n->b);
  if (S->host) { /* a host function's loop runs as Python's: over the items, unrolled */
    int cnt;
    SVal **items = host_items(S, n->b->loc, it, &cnt);
    for (int i = 0; i < cnt && !S->returned; i++) {
      assign_target(S, n->a, items[i]);
      exec_block(S, &n->body, 0, NULL);
    }
    return;
  }
  if (it->k != SV_TUPLE || !it->s)
    error_at(n->b->loc, "a for loop must iterate over range(), tl.range() or tl.static_range()");
  if (strcmp(it->s, "static_range") == 0 || strcmp(it->s, "tuple") == 0) {
    if (strcmp(it->s, "tuple") == 0)
      for (int i = 0; i < it->n - 3; i++) {
        assign_target(S, n->a, it->items[3 + i]);
        exec_block(S, &n->body, 0, NULL);
      }
    else
      exec_static_range(S, n, it);
    return;
  }
  if (n->a->kind != N_NAME)
    error_at(n->a->loc, "the loop variable must be a name");
  Value *b3[3];
  DType dt = DT_I32;
  for (int i = 0; i < 3; i++)
    b3[i] = to_tensor(S, n->b->loc, it->items[i]);
  for (int i = 0; i < 3; i++) {
    if (!dt_is_int(b3[i]->dt) || b3[i]->sh.rank)
      error_at(n->b->loc, "range() bounds must be integer scalars");
    if (dt_bits(b3[i]->dt) == 64)
      dt = DT_I64;
  }
  Vec names = {0}, inits = {0}, slots = {0};
  carried_vars(S, &n->body, &names, &inits, &slots, n->loc);
  Value *in[64];
  if (names.n > 60)
    error_at(n->loc, "too many loop-carried variables");
  for (int i = 0; i < 3; i++)
    in[i] = cast_to(S, n->b->loc, b3[i], dt);
  for (int i = 0; i < names.n; i++)
    in[3 + i] = inits.v[i];
  Op *op = ir_op(S->cur, O_FOR, n->loc, 3 + names.n, in);
  op->flags = it->items[2]->k == SV_INT ? (it->items[2]->i > 0 ? 1 : 2) : 0; /* step sign */
  Block *body = loop_region(op, 0), *saved = S->cur;
  Value *iv = block_arg(S, body, in[0]);
  iv->name = n->a->str;
  Scope *pre = S->scope;
  S->scope = scope_copy(pre);
  scope_set(S->scope, n->a->str, sv_tensor(iv));
  for (int i = 0; i < names.n; i++)
    set_carried(S, &names, &slots, i, block_arg(S, body, inits.v[i]));
  S->cur = body;
  S->loop_depth++;
  exec_block(S, &n->body, 0, NULL);
  S->loop_depth--;
  check_uncarried(S, n->loc, &n->body, pre);
  yield_carried(S, n->loc, body, &names, &inits, &slots, pre, O_YIELD, NULL);
  S->cur = saved;
  S->scope = pre;
  bind_results(S, op, &names, &inits, &slots);
}

// while cond: ...
static void exec_while(Sema *S, Node *n) {
  Vec names = {0}, inits = {0}, slots = {0};
  carried_vars(S, &n->body, &names, &inits, &slots, n->loc);
  Op *op = ir_op(S->cur, O_WHILE, n->loc, names.n, (Value **)inits.v);
  Block *cb = loop_region(op, 0), *bb = loop_region(op, 1), *saved = S->cur;
  Scope *pre = S->scope;
  S->scope = scope_copy(pre);
  for (int i = 0; i < names.n; i++)
    set_carried(S, &names, &slots, i, block_arg(S, cb, inits.v[i]));
  S->cur = cb;
  SVal *c = eval_expr(S, n->a);
  Value *cv = to_tensor(S, n->a->loc, c);
  if (cv->sh.rank)
    error_at(n->a->loc, "a while condition must be a scalar");
  cv = to_bool(S, n->a->loc, cv);
  yield_carried(S, n->loc, cb, &names, &inits, &slots, pre, O_CONDITION, cv);
  S->scope = scope_copy(pre);
  for (int i = 0; i < names.n; i++)
    set_carried(S, &names, &slots, i, block_arg(S, bb, inits.v[i]));
  S->cur = bb;
  S->loop_depth++;
  exec_block(S, &n->body, 0, NULL);
  S->loop_depth--;
  check_uncarried(S, n->loc, &n->body, pre);
  yield_carried(S, n->loc, bb, &names, &inits, &slots, pre, O_YIELD, NULL);
  S->cur = saved;
  S->scope = pre;
  bind_results(S, op, &names, &inits, &slots);
}

static void exec_assert(Sema *S, Node *n) {
  SVal *c = eval_expr(S, n->a);
  if (c->k == SV_TENSOR) { /* a runtime assert behaves like tl.device_assert */
    Op *op = ir_op(S->cur, O_ASSERT, n->loc, 1, (Value *[]){to_bool(S, n->loc, c->v)});
    op->str = n->b && n->b->kind == N_STR ? n->b->str : ""; /* as Triton's visit_Assert */
    return;
  }
  if (!sv_truthy(S, n->loc, c))
    error_at(n->loc, "assertion failed%s%s", n->b && n->b->kind == N_STR ? ": " : "",
             n->b && n->b->kind == N_STR ? n->b->str : "");
}

void bind_target(Sema *S, Node *t, SVal *v) { assign_target(S, t, v); }

static void exec_stmt(Sema *S, Node *n, NodeList *tail) {
  switch (n->kind) {
  case N_FUNCDEF: { /* def inside a host function (a kernel built and returned by it) */
    if (!S->host)
      error_at(n->loc, "nested function definitions are not supported in Triton kernels");
    SVal *f = sv_new(SV_FUNC);
    f->fn = n;
    f->menv = S->env;
    f->clo = scope_copy(S->scope);
    scope_set(S->scope, n->str, f);
    return;
  }
  case N_EXPR_STMT: eval_expr(S, n->a); return;
  case N_PASS: return;
  case N_ASSIGN: {
    SVal *v = eval_expr(S, n->b);
    for (int i = 0; i < n->args.n; i++)
      assign_target(S, n->args.v[i], v);
    return;
  }
  case N_ANNASSIGN:
    if (n->b)
      assign_target(S, n->a, eval_expr(S, n->b));
    return;
  case N_AUGASSIGN: {
    if (n->a->kind != N_NAME)
      error_at(n->a->loc, "augmented assignment needs a name on the left");
    SVal *old = lookup(S, n->a->loc, n->a->str);
    assign_target(S, n->a, binary(S, n->loc, n->op, old, eval_expr(S, n->b)));
    return;
  }
  case N_IF: exec_if(S, n, tail); return;
  case N_FOR: exec_for(S, n); return;
  case N_WHILE: exec_while(S, n); return;
  case N_RETURN:
    if (S->loop_depth)
      error_at(n->loc, "'return' inside a for or while loop is not supported (as in Triton)");
    scope_set(S->scope, RET, n->a ? eval_expr(S, n->a) : sv_new(SV_NONE));
    S->returned = true;
    return;
  case N_ASSERT: exec_assert(S, n); return;
  case N_BREAK: case N_CONTINUE:
    error_at(n->loc, "'%s' is not supported in Triton kernels",
             n->kind == N_BREAK ? "break" : "continue");
  case N_RAISE:
    error_at(n->loc, "raise statements are not supported in Triton kernels (this one is reached: "
                     "only one in a branch that a constexpr condition drops is allowed)");
  default:
    error_at(n->loc, "%s is not supported in Triton kernels", node_names[n->kind]);
  }
}

/* Executes body[from..] then, if given, tail (the statements after an early-returning if). */
static void exec_block(Sema *S, NodeList *body, int from, NodeList *tail) {
  for (int i = from; i < body->n && !S->returned; i++) {
    Node *s = body->v[i];
    /* host code's ifs are Python's: a return sets S->returned where it runs */
    if (s->kind == N_IF && !S->host && (contains_return(&s->body) || contains_return(&s->orelse))) {
      /* the statements after this if run only on paths that did not return */
      NodeList rest = {body->v + i + 1, body->n - i - 1};
      NodeList *joined = &rest;
      if (tail && tail->n) {
        joined = arena_alloc(sizeof *joined);
        joined->n = rest.n + tail->n;
        joined->v = arena_alloc(sizeof(Node *) * (size_t)(joined->n + 1));
        memcpy(joined->v, rest.v, sizeof(Node *) * (size_t)rest.n);
        memcpy(joined->v + rest.n, tail->v, sizeof(Node *) * (size_t)tail->n);
      }
      SVal *c = eval_expr(S, s->a);
      if (c->k != SV_TENSOR) {
        exec_block(S, sv_truthy(S, s->a->loc, c) ? &s->body : &s->orelse, 0, joined);
      } else {
        if (S->loop_depth) {
          Node *r = find_return(&s->body);
          error_at((r ? r : find_return(&s->orelse))->loc, "'return' inside a for or while loop "
                                                          "is not supported (as in Triton)");
        }
        /* a return under a constexpr condition (one branch kept) is fine in a loop's callee */
        if (S->frame && S->frame->in_loop)
          error_at(s->loc, "early 'return' under a runtime condition in '%s', called inside a "
                           "loop, is not supported", S->frame->fn->str);
        exec_runtime_if(S, s, c->v, joined);
      }
      S->returned = true;
      return;
    }
    exec_stmt(S, s, NULL);
  }
  if (tail && !S->returned)
    exec_block(S, tail, 0, NULL);
}

/* ---- calls to @triton.jit functions (inlined) ---- */

static bool is_constexpr_ann(Sema *S, Node *ann) {
  if (!ann)
    return false;
  if (ann->kind == N_STR)
    return strstr(ann->str, "constexpr") != NULL;
  /* Other annotations (tl.tensor, torch.Tensor, int) only document the parameter: Triton reads
   * them for constexpr alone, so one tritonc cannot evaluate is simply not constexpr. */
  SVal *v = eval_or_null(S, ann);
  return v && v->k == SV_CONSTEXPR_T;
}

/* `p: tl.const`: Triton's pointer to constant memory (stores through it are errors). */
static bool is_const_ann(Sema *S, Node *ann) {
  SVal *v = ann ? eval_or_null(S, ann) : NULL;
  return v && v->k == SV_BUILTIN && !v->self && !strcmp(v->s, "tl.const");
}

static SVal *bind_param(Sema *S, Loc loc, Node *fn, int i, SVal **args, int nargs,
                        const char **kwn, SVal **kwv, int nkw, int *used) {
  Node *p = fn->params.v[i];
  SVal *v = i < nargs ? args[i] : NULL;
  for (int j = 0; j < nkw; j++)
    if (strcmp(kwn[j], p->str) == 0) {
      if (v)
        error_at(loc, "'%s' got multiple values for argument '%s'", fn->str, p->str);
      v = kwv[j];
      (*used)++;
    }
  if (!v && p->a)
    v = eval_expr(S, p->a);
  if (!v)
    error_at(loc, "'%s' is missing the argument '%s'", fn->str, p->str);
  return v;
}

static int first_triton_deco(Sema *S, Node *fn);

/* A decorator (or part of one), host Python: its value, or NULL with the error's text in *why
 * (why may be NULL). */
static SVal *eval_deco(Sema *S, Node *d, const char **why) {
  const char *w = NULL;
  bool host = S->host;
  S->host = true;
  SVal *v = eval_or_why(S, d, why ? why : &w);
  S->host = host;
  return v;
}

/* A triton.heuristics value called with the arguments known so far (a dict): host Python. What
 * it cannot compute (a runtime argument it reads) is an error naming the constexpr. */
static SVal *call_heuristic(Sema *S, Loc loc, const char *name, SVal *fn, SVal *args) {
  const char *why = NULL;
  bool host = S->host;
  S->host = true;
  SVal *r = call_or_why(S, loc, fn, &args, 1, &why);
  S->host = host;
  if (!r)
    error_at(loc, "the heuristic for '%s' cannot be computed from the arguments known at compile "
                  "time (%s); give %s in the signature or with -D", name, why, name);
  return r;
}

/* @triton.jit(noinline=True): Triton compiles the function on its own, which it can only do for
 * scalar parameters. tritonc inlines every call, so a noinline function with scalar arguments
 * computes the same; a tile argument is Triton's compile error. */
static bool is_noinline(Sema *S, Node *fn) {
  for (int i = first_triton_deco(S, fn); i < fn->decos.n; i++) {
    Node *d = fn->decos.v[i];
    if (d->kind != N_CALL)
      continue;
    SVal *callee = eval_deco(S, d->a, NULL);
    if (!callee || callee->k != SV_BUILTIN || strcmp(callee->s, "triton.jit"))
      continue;
    for (int j = 0; j < d->kws.n; j++)
      if (!strcmp(d->kws.v[j]->str, "noinline") && d->kws.v[j]->a) {
        SVal *v = eval_deco(S, d->kws.v[j]->a, NULL);
        return v && sv_truthy(S, d->loc, v);
      }
  }
  return false;
}

/* @tl.constexpr def f(...): a function Triton calls in Python while compiling the kernel (FlagGems'
 * get_scan_accum_type, get_int_t), so its body is host Python and may call plain functions */
static bool is_constexpr_fn(Sema *S, Node *fn) {
  for (int i = 0; i < fn->decos.n; i++) {
    Node *d = fn->decos.v[i];
    SVal *v = d->kind == N_CALL ? NULL : eval_deco(S, d, NULL);
    if (v && v->k == SV_CONSTEXPR_T)
      return true;
  }
  return false;
}

static SVal *call_jit(Sema *S, Loc loc, SVal *f, SVal **args, int nargs, const char **kwn,
                      SVal **kwv, int nkw) {
  Node *fn = f->fn;
  ModEnv *menv = f->menv;
  for (Frame *f = S->frame; f; f = f->up)
    if (f->fn == fn)
      error_at(loc, "recursive call to '%s' is not supported: Triton inlines jit functions",
               fn->str);
  if (nargs > fn->params.n)
    error_at(loc, "'%s' takes %d arguments but %d were given", fn->str, fn->params.n, nargs);
  Scope *callee = f->clo ? scope_copy(f->clo) : arena_alloc(sizeof *callee), *saved = S->scope;
  ModEnv *caller_env = S->env;
  int used = 0;
  S->env = menv ? menv : S->env; /* defaults, annotations and the body read the callee's globals */
  for (int i = 0; i < fn->params.n; i++) {
    S->scope = saved;
    /* a tl.constexpr annotation binds only a kernel's own parameters: Triton's call of one jit
     * function from another passes a runtime value through as it is (FlagGems' isclose_func
     * takes equal_nan so), and the callee's `if equal_nan:` is then a runtime branch */
    SVal *v = bind_param(S, loc, fn, i, args, nargs, kwn, kwv, nkw, &used);
    if (v->k == SV_TENSOR && v->v->sh.rank && is_noinline(S, fn))
      error_at(loc, "function '%s' is marked noinline, but was called with the non-scalar "
               "argument %s: %s%s (a noinline function takes scalars only)", fn->str,
               fn->params.v[i]->str, dtype_info[v->v->dt].name, shape_str(v->v->sh));
    scope_set(callee, fn->params.v[i]->str, v);
  }
  if (used != nkw)
    for (int j = 0; j < nkw; j++) {
      bool found = false;
      for (int i = 0; i < fn->params.n; i++)
        found |= strcmp(kwn[j], fn->params.v[i]->str) == 0;
      if (!found)
        error_at(loc, "'%s' got an unexpected keyword argument '%s'", fn->str, kwn[j]);
    }
  bool was_returned = S->returned;
  int depth = S->loop_depth;
  Frame fr = {fn, S->frame, loc, depth > 0 || (S->frame && S->frame->in_loop)};
  S->frame = &fr;
  S->scope = callee;
  S->returned = false;
  S->loop_depth = 0; /* a return in the callee leaves the callee, not the caller's loop */
  bool host = S->host;
  S->host = host || is_constexpr_fn(S, fn);
  exec_block(S, &fn->body, 0, NULL);
  S->host = host;
  SVal *r = scope_get(S->scope, RET);
  S->scope = saved;
  S->env = caller_env;
  S->frame = fr.up;
  S->returned = was_returned;
  S->loop_depth = depth;
  return r ? r : sv_new(SV_NONE);
}

SVal *call_value(Sema *S, Loc loc, SVal *fn, SVal **args, int nargs, const char **kwn,
                 SVal **kwv, int nkw) {
  if (fn->k == SV_FUNC && fn->fn->ival && !S->host)
    error_at(loc, "'%s' is not a @triton.jit function; a kernel can call only @triton.jit "
                  "functions and Triton builtins", fn->fn->str);
  if (fn->k == SV_FUNC)
    return call_jit(S, loc, fn, args, nargs, kwn, kwv, nkw);
  if (fn->k == SV_BUILTIN)
    return call_builtin(S, loc, fn, args, nargs, kwn, kwv, nkw);
  if (fn->k == SV_CLASS)
    return nt_construct(S, loc, fn->cls, args, nargs, kwn, kwv, nkw);
  if (fn->k == SV_CONSTEXPR_T && nargs == 1 && args[0]->k != SV_TENSOR)
    return args[0]; /* tl.constexpr(3) */
  if (fn->k == SV_DICT && fn->s && nargs == 1 && !nkw && args[0]->k == SV_FUNC && S->call &&
      (!strcmp(fn->s, "autotune") || !strcmp(fn->s, "heuristics")))
    return decorate_value(S, args[0], S->call->a); /* triton.autotune(...)(fn) */
  if (fn->k == SV_DTYPE && fn->dt != DT_PTR && nargs == 1 && !nkw) {
    /* tl.float32(-float("inf")): a scalar of that dtype (a tensor is cast) */
    if (args[0]->k == SV_TENSOR)
      return sv_tensor(cast_to(S, loc, args[0]->v, fn->dt));
    if (!sv_is_number(args[0]))
      error_at(loc, "%s() of %s", dtype_info[fn->dt].name, sv_kind_name(args[0]));
    if (args[0]->k == SV_FLOAT && !dt_is_float(fn->dt) && !(fabs(args[0]->f) < 9.2e18))
      error_at(loc, "%s(%g): the value does not fit the type", dtype_info[fn->dt].name,
               args[0]->f);
    return sv_tensor(to_tensor_as(S, loc, args[0], fn->dt));
  }
  error_at(loc, "%s is not callable", sv_kind_name(fn));
}

/* ---- the kernel and its signature ---- */

/* The error names what the file does have: the function `name` is likely a typo of (the caret
 * on its def), else the file's @triton.jit functions. */
static _Noreturn void kernel_not_found(const Module *m, const char *name) {
  enum { SHOWN = 8 };
  const char **names = arena_alloc(sizeof *names * (size_t)(m->funcs.n + 1));
  for (int i = 0; i < m->funcs.n; i++)
    names[i] = m->funcs.v[i]->str;
  const char *near = closest_name(name, names, m->funcs.n);
  for (int i = 0; near && i < m->funcs.n; i++)
    if (names[i] == near)
      error_at(m->funcs.v[i]->loc, "kernel '%s' not found; did you mean '%s'?", name, near);
  Loc l = {m->file, 1, 1};
  if (!m->funcs.n)
    error_at(l, "kernel '%s' not found: this file has no @triton.jit function", name);
  Buf list = {0};
  for (int i = 0; i < m->funcs.n && i < SHOWN; i++)
    buf_printf(&list, "%s'%s'", i ? ", " : "", names[i]);
  if (m->funcs.n > SHOWN)
    buf_printf(&list, " and %d more", m->funcs.n - SHOWN);
  const char *have = fmt("%s", list.s);
  buf_free(&list);
  error_at(l, "kernel '%s' not found: the @triton.jit function%s in this file: %s", name,
           m->funcs.n > 1 ? "s" : "", have);
}

/* The kernel -n names: a decorated function of that name, else the module-level name's value
 * as Python would have it (as Triton's AOT compiler takes getattr(module, name)): `fn =
 * triton.jit(fn)`, a kernel a host function defines and returns. S->env and S->scope become the
 * kernel's module and closure. The last definition of a name counts: a later `def` rebinds it,
 * as in Python. */
static Node *find_kernel(Sema *S, const char *name) {
  for (int i = S->mod->funcs.n - 1; i >= 0; i--)
    if (strcmp(S->mod->funcs.v[i]->str, name) == 0)
      return S->mod->funcs.v[i];
  Loc l = {S->mod->file, 1, 1};
  bool host = S->host;
  S->host = true;
  SVal *v = module_lookup(S, module_binding_loc(S->env, name, l), S->env, name);
  S->host = host;
  if (v && v->k == SV_FUNC && v->fn->decos.n) { /* a plain def is host code: not found */
    S->env = v->menv ? v->menv : S->env;
    if (v->clo)
      S->scope = scope_copy(v->clo);
    return v->fn;
  }
  if (v && v->k != SV_FUNC)
    error_at(l, "kernel '%s' not found: '%s' in this file is %s, not a @triton.jit function",
             name, name, sv_kind_name(v));
  kernel_not_found(S->mod, name);
}

/* triton.jit(fn), triton.autotune(...)(fn), triton.heuristics(...)(fn): fn with the decorator
 * expression (the callee of the call being evaluated) added outermost, as `@deco` would. */
SVal *decorate_value(Sema *S, SVal *f, Node *deco) {
  Node *copy = arena_alloc(sizeof *copy);
  *copy = *f->fn;
  copy->ival = 0; /* no longer a plain host function */
  copy->decos.n = f->fn->decos.n + 1;
  copy->decos.v = arena_alloc(sizeof(Node *) * (size_t)(copy->decos.n + 1));
  copy->decos.v[0] = deco;
  for (int i = 0; i < f->fn->decos.n; i++)
    copy->decos.v[i + 1] = f->fn->decos.v[i];
  SVal *r = sv_new(SV_FUNC);
  *r = *f;
  r->fn = copy;
  (void)S;
  return r;
}

static bool parse_dtype_name(const char *s, DType *dt) {
  static const struct { const char *n; DType t; } extra[] = {
      {"f32", DT_F32}, {"f16", DT_F16}, {"f64", DT_F64}, {"bf16", DT_BF16}, {"B", DT_I1},
      {"u1", DT_I1}, {NULL, DT__COUNT}};
  for (int t = 0; t < DT_PTR; t++)
    if (strcmp(s, dtype_info[t].sig) == 0 || strcmp(s, dtype_info[t].name) == 0) {
      *dt = (DType)t;
      return true;
    }
  for (int i = 0; extra[i].n; i++)
    if (strcmp(s, extra[i].n) == 0 && extra[i].t != DT__COUNT) {
      *dt = extra[i].t;
      return true;
    }
  return false;
}

static Loc sig_loc(int col) { return (Loc){"<signature>", 1, col}; }

static char *trim(char *s, int *col) {
  while (*s == ' ' || *s == '\t') {
    s++;
    (*col)++;
  }
  char *e = s + strlen(s);
  while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
    *--e = 0;
  return s;
}

/* A dtype written as Triton names it (`tl.float32`, `float32`), not as a signature type (`fp32`):
 * the value of a dtype-valued constexpr such as `X_dtype: tl.constexpr`. */
static const char *triton_dtype_text(const char *s) {
  if (!strncmp(s, "tl.", 3))
    s += 3;
  else if (!strncmp(s, "triton.language.", 16))
    s += 16;
  for (int t = 0; t < DT_PTR; t++)
    if (!strcmp(s, dtype_info[t].name))
      return s;
  return NULL;
}

static SVal *parse_literal(const char *s);

/* End of the signature entry or tuple element starting at s: the next ',' outside brackets
 * (tensordesc<fp16[64, 64]>, (2, 4)), or the end of the text. */
static const char *entry_end(const char *s) {
  int depth = 0;
  for (; *s && (*s != ',' || depth); s++)
    depth += (*s == '<' || *s == '[' || *s == '(') - (*s == '>' || *s == ']' || *s == ')');
  return s;
}

/* A tuple constexpr, `(4, 8)`, `(4,)`, `()`, `((1, 2), 3)`: Triton's JIT specialises a tuple of
 * constexpr values (a shape for tl.reshape) like any other constexpr. NULL when an element is
 * not a literal. */
static SVal *parse_tuple_literal(const char *s) {
  size_t len = strlen(s);
  if (len < 2 || s[0] != '(' || s[len - 1] != ')')
    return NULL;
  char *body = xstrndup(s + 1, len - 2);
  bool comma = *entry_end(body) == ',';
  SVal *items[64];
  int n = 0;
  for (char *p = body;;) {
    char *e = (char *)entry_end(p);
    bool last = !*e;
    *e = 0;
    char *t = trim(p, &(int){0});
    if (!*t) { /* `()` or the trailing comma of `(4,)` */
      if (!last || (n == 0 && comma))
        return NULL;
      break;
    }
    if (n == 64 || !(items[n] = parse_literal(t)))
      return NULL;
    n++;
    if (last)
      break;
    p = e + 1;
  }
  if (n == 1 && !comma) /* `(4)` is 4, not a tuple */
    return items[0];
  SVal *v = sv_tuple(n);
  for (int i = 0; i < n; i++)
    v->items[i] = items[i];
  return v;
}

/* Constexpr literal from the signature or -D: int, float, True/False/None, a dtype name, a
 * quoted string, or a tuple of these. */
static SVal *parse_literal(const char *s) {
  char *end;
  if (s[0] == '(')
    return parse_tuple_literal(s);
  if (triton_dtype_text(s))
    s = triton_dtype_text(s);
  if (!strcmp(s, "True") || !strcmp(s, "False"))
    return sv_bool(s[0] == 'T');
  if (!strcmp(s, "None"))
    return sv_new(SV_NONE);
  long long i = strtoll(s, &end, 0);
  if (*s && !*end)
    return sv_int(i);
  double f = strtod(s, &end);
  if (*s && !*end)
    return sv_float(f);
  DType dt;
  if (parse_dtype_name(s, &dt)) {
    SVal *d = sv_new(SV_DTYPE);
    d->dt = dt;
    return d;
  }
  if (s[0] == '"' || s[0] == '\'') {
    SVal *str = sv_new(SV_STR);
    str->s = xstrndup(s + 1, strlen(s) >= 2 ? strlen(s) - 2 : 0);
    return str;
  }
  return NULL;
}

typedef struct SigEntry {
  const char *text;
  int col;
} SigEntry;

/* Tuples, NamedTuples and tensordesc<...> nest in a signature (and a -D value); the parsers of
 * them recurse once a level, so the depth is bounded first: 10,000 levels overflowed the stack. */
#define MAX_SIG_NESTING 32

/* The offset of the bracket that opens level MAX_SIG_NESTING + 1 in s, or -1. */
static int too_deep_at(const char *s) {
  int depth = 0;
  for (int i = 0; s[i]; i++) {
    depth += (s[i] == '<' || s[i] == '[' || s[i] == '(') - (s[i] == '>' || s[i] == ']' || s[i] == ')');
    if (depth > MAX_SIG_NESTING)
      return i;
  }
  return -1;
}

static int split_signature(const char *sig, SigEntry *out, int max) {
  int deep = too_deep_at(sig);
  if (deep >= 0)
    error_at(sig_loc(deep + 1), "tuple nested too deeply (more than %d levels)", MAX_SIG_NESTING);
  char *s = xstrdup(sig);
  int n = 0, col = 1;
  if (!*trim(s, &(int){0}))
    return 0;
  for (char *p = s;;) {
    char *comma = (char *)entry_end(p);
    comma = *comma ? comma : NULL;
    if (comma)
      *comma = 0;
    int c = col;
    char *t = trim(p, &c);
    if (n == max)
      usage_error("signature has more than %d entries", max);
    out[n++] = (SigEntry){t, c};
    if (!comma)
      break;
    col += (int)(comma - p) + 1;
    p = comma + 1;
  }
  return n;
}

static void set_param_type(KParam *kp, SigEntry e) {
  const char *t = e.text;
  char *colon = strchr(t, ':');
  char *base = colon ? xstrndup(t, (size_t)(colon - t)) : xstrdup(t);
  if (colon) {
    char *end;
    long a = strtol(colon + 1, &end, 10);
    if (*end || a <= 0)
      error_at(sig_loc(e.col), "bad alignment hint '%s' (expected e.g. ':16')", colon);
    kp->align = (int)a;
  }
  const char *nm = base[0] == '*' ? base + 1 : base;
  if (!strcmp(nm, "fp8e4b8") || !strcmp(nm, "fp8e5b16")) /* as Triton's CUDA backend says */
    error_at(sig_loc(e.col), "type %s is not supported in this architecture (AMD's fp8 'fnuz' "
             "format: tritonc's targets are CPUs and NVIDIA GPUs)", nm);
  if (base[0] == '*') {
    kp->dt = DT_PTR;
    if (!parse_dtype_name(base + 1, &kp->elt))
      error_at(sig_loc(e.col), "unknown pointer element type '%s'", base + 1);
    return;
  }
  if (!parse_dtype_name(base, &kp->dt))
    error_at(sig_loc(e.col), "unknown type '%s' in signature (expected e.g. *fp32, i32, fp16, "
                             "or a constexpr value)", base);
}

static SVal *define_value(Sema *S, const char *name) {
  for (int i = 0; i < S->opts->ndefs; i++) {
    const char *d = S->opts->defs[i], *eq = strchr(d, '=');
    if (eq && (size_t)(eq - d) == strlen(name) && strncmp(d, name, (size_t)(eq - d)) == 0) {
      if (too_deep_at(eq + 1) >= 0)
        usage_error("-D %s: tuple nested too deeply (more than %d levels)", name, MAX_SIG_NESTING);
      SVal *v = parse_literal(eq + 1);
      if (!v)
        usage_error("-D %s: cannot parse the value '%s'", name, eq + 1);
      return v;
    }
  }
  return NULL;
}

static bool is_triton_deco(SVal *v) {
  return v && v->k == SV_BUILTIN &&
         (!strcmp(v->s, "triton.jit") || !strcmp(v->s, "triton.autotune") ||
          !strcmp(v->s, "triton.heuristics") || !strcmp(v->s, "inductor.heuristics"));
}

/* Index of the outermost decorator that is Triton's (@triton.jit, @triton.autotune,
 * @triton.heuristics, Inductor's), fn->decos.n if none. Decorators above it wrap the finished
 * kernel object on the host (FlagGems' @libentry() caching launcher) and cannot change what the
 * kernel computes, so they are not evaluated; ones below it are, and must be Triton's. */
static int first_triton_deco(Sema *S, Node *fn) {
  for (int i = 0; i < fn->decos.n; i++) {
    Node *d = fn->decos.v[i];
    if (is_triton_deco(eval_deco(S, d->kind == N_CALL ? d->a : d, NULL)))
      return i;
  }
  return fn->decos.n;
}

/* Value of a constexpr missing from the signature: -D, then the autotune config (the first, or
 * the one --all-configs is translating), then a heuristic, then the parameter's default. A
 * decorator tritonc cannot evaluate (configs read from a file, a heuristic that is a plain Python
 * function) gives nothing; *why says why. */
static SVal *open_constexpr(Sema *S, Node *fn, Node *p, Scope *known, const char **why) {
  SVal *v = define_value(S, p->str);
  if (v)
    return v;
  for (int i = fn->decos.n - 1; i >= first_triton_deco(S, fn); i--) {
    if (inductor_deco(S, fn->decos.v[i]))
      continue;
    const char *err = NULL;
    SVal *d = eval_deco(S, fn->decos.v[i], &err);
    if (!d) {
      *why = err;
      continue;
    }
    if (d->k == SV_DICT && d->s && strcmp(d->s, "autotune") == 0 && d->n >= 2 &&
        d->items[1]->k == SV_TUPLE && d->items[1]->n > 0) {
      int ci = S->opts->config < d->items[1]->n ? S->opts->config : 0;
      SVal *cfg = d->items[1]->items[ci]->items[0];
      for (int j = 0; j + 1 < cfg->n; j += 2)
        if (cfg->items[j]->k == SV_STR && strcmp(cfg->items[j]->s, p->str) == 0)
          return cfg->items[j + 1];
    }
    if (d->k == SV_DICT && d->s && strcmp(d->s, "heuristics") == 0) {
      SVal *h = d->items[1];
      for (int j = 0; j + 1 < h->n; j += 2)
        if (h->items[j]->k == SV_STR && strcmp(h->items[j]->s, p->str) == 0) {
          SVal *args = sv_new(SV_DICT);
          args->n = known->n * 2;
          args->items = arena_alloc(sizeof(SVal *) * (size_t)(args->n + 1));
          for (int k = 0; k < known->n; k++) {
            SVal *key = sv_new(SV_STR);
            key->s = known->vars[k].name;
            args->items[2 * k] = key;
            args->items[2 * k + 1] = known->vars[k].val;
          }
          SVal *r = call_heuristic(S, fn->decos.v[i]->loc, p->str, h->items[j + 1], args);
          if (r->k == SV_TENSOR)
            error_at(fn->decos.v[i]->loc, "the heuristic for '%s' depends on a runtime argument; "
                                          "give %s in the signature or with -D", p->str, p->str);
          return r;
        }
    }
  }
  if (p->a)
    return eval_expr(S, p->a);
  return NULL;
}

static const char *literal_text(SVal *v) {
  switch (v->k) {
  case SV_TUPLE: {
    if (v->cls)
      return nt_text(v, literal_text);
    const char *t = "(";
    for (int i = 0; i < v->n; i++)
      t = fmt("%s%s%s", t, i ? ", " : "", literal_text(v->items[i]));
    return fmt("%s%s", t, v->n == 1 ? ",)" : ")");
  }
  case SV_INT: return fmt("%lld", (long long)v->i);
  case SV_BOOL: return v->i ? "True" : "False";
  case SV_FLOAT: return fmt("%.17g", v->f);
  case SV_NONE: return "None";
  case SV_DTYPE: return dtype_info[v->dt].name;
  case SV_STR: return fmt("'%s'", v->s);
  case SV_FUNC: return v->fn->str;
  default: return "?";
  }
}

/* A host tensor descriptor's signature entry, `tensordesc<fp16[64, 64]>` or, padded with NaN,
 * `tensordesc<fp16[64, 64], nan>` (Triton's
 * TensorDescriptor: its element type and block shape), optionally followed by `:16` (tritonc's
 * specialisation, which the runner adds as Triton's JIT adds it to integers: every dimension
 * of the shape is a multiple of 16): the rank, or 0 when the entry is no descriptor; *div16
 * tells whether `:16` was given. A malformed one, or one with a Gluon layout, is a positioned
 * error. */
static int tdesc_entry(SigEntry e, DType *elt, int *block, bool *div16, bool *nan) {
  const char *t = e.text;
  if (strncmp(t, "tensordesc", 10))
    return 0;
  const char *lt = strchr(t, '<'), *lb = lt ? strchr(lt, '[') : NULL;
  const char *rb = lb ? strchr(lb, ']') : NULL;
  size_t len = strlen(t);
  *div16 = len > 3 && !strcmp(t + len - 3, ":16");
  if (*div16)
    len -= 3;
  if (!lt || lt != t + 10 || !lb || !rb || t[len - 1] != '>')
    error_at(sig_loc(e.col), "cannot read the tensor descriptor type '%s' (expected e.g. "
             "'tensordesc<fp16[64, 64]>')", t);
  *nan = false;
  if (rb[1] == ',') { /* tensordesc<fp32[64, 64], nan>: the padding, "zero" when left out */
    const char *w = rb + 2;
    while (*w == ' ')
      w++;
    if (!strncmp(w, "nan>", 4) && w + 4 == t + len)
      *nan = true;
    else if (strncmp(w, "zero>", 5) || w + 5 != t + len)
      error_at(sig_loc(e.col), "tensor descriptor '%s': a descriptor with a shared-memory layout "
               "(Gluon's) is not supported (after the block shape tritonc reads a padding, nan or "
               "zero)", t);
  } else if (rb[1] != '>') {
    error_at(sig_loc(e.col), "tensor descriptor '%s': a descriptor with a shared-memory layout "
             "(Gluon's) is not supported", t);
  }
  char *name = xstrndup(lt + 1, (size_t)(lb - lt - 1));
  if (!parse_dtype_name(name, elt) || *elt == DT_PTR)
    error_at(sig_loc(e.col), "tensor descriptor '%s': unknown element type '%s'", t, name);
  int rank = 0;
  for (const char *c = lb + 1; c < rb;) {
    char *end;
    long d = strtol(c, &end, 10);
    while (*end == ' ')
      end++;
    if (end == c || d <= 0 || d > (1 << 20) || rank == 5 || (*end != ',' && end != rb))
      error_at(sig_loc(e.col), "tensor descriptor '%s': the block shape must be 1 to 5 positive "
               "integers, separated by commas", t);
    block[rank++] = (int)d;
    if (*end == ',')
      end++;
    while (*end == ' ')
      end++;
    c = end;
  }
  if (!rank)
    error_at(sig_loc(e.col), "tensor descriptor '%s': empty block shape", t);
  return rank;
}

static Value *arg_value(Sema *S, KParam *kp, int index, Loc loc) {
  Op *op = ir_op(S->k->body, O_ARG, loc, 0, NULL);
  op->ival = index;
  kp->val = ir_result(S->k, op, kp->dt, (Shape){0});
  kp->val->elt = kp->elt;
  kp->val->name = kp->name;
  return kp->val;
}

/* A TensorDescriptor argument becomes rank * 2 C parameters: the base pointer under the
 * parameter's name, then NAME_shape0.. (i32) and NAME_stride0.. (i64; the last stride is 1,
 * as TensorDescriptor requires); the name is bound to the descriptor
 * tl.make_tensor_descriptor would make of them. What TensorDescriptor guarantees is known to
 * the axis analysis: a 16-byte aligned base, strides of 16-byte multiples; with `:16`, shapes
 * that are multiples of 16. Returns the parameters used. */
static int bind_tdesc(Sema *S, Node *p, Scope *scope, KParam *kp, int index, DType elt,
                      const int *block, int rank, bool div16, bool nan) {
  int stride_align = 16 / (dt_bits(elt) / 8 ? dt_bits(elt) / 8 : 1);
  kp[0] = (KParam){.name = p->str, .dt = DT_PTR, .elt = elt, .align = 16};
  SVal *base = sv_tensor(arg_value(S, &kp[0], index, p->loc));
  SVal *shape = sv_tuple(rank), *strides = sv_tuple(rank), *bs = sv_tuple(rank);
  int n = 1;
  for (int d = 0; d < rank; d++) {
    kp[n] = (KParam){.name = xstrdup(fmt("%s_shape%d", p->str, d)), .dt = DT_I32,
                     .align = div16 ? 16 : 0};
    shape->items[d] = sv_tensor(arg_value(S, &kp[n], index + n, p->loc));
    n++;
    bs->items[d] = sv_int(block[d]);
  }
  for (int d = 0; d < rank - 1; d++) {
    kp[n] = (KParam){.name = xstrdup(fmt("%s_stride%d", p->str, d)), .dt = DT_I64,
                     .align = stride_align};
    strides->items[d] = sv_tensor(arg_value(S, &kp[n], index + n, p->loc));
    n++;
  }
  strides->items[rank - 1] = sv_int(1);
  SVal *pad = NULL;
  if (nan) {
    pad = sv_new(SV_STR);
    pad->s = "nan";
  }
  scope_set(scope, p->str, tdesc_make(S, p->loc, "TensorDescriptor", base, shape, strides, bs, pad));
  return n;
}

/* ---- tuple arguments ----
 * A signature entry `(*fp32, (1, None, i32:16))` is a tuple argument (Triton 3's): each type
 * among its items becomes a C parameter named by its path of indices (NAME_0, NAME_1_2), each
 * literal stays a constexpr item, and the parameter's name is bound to the tuple. */

/* The items of a parenthesised entry, split at its top-level commas (`(x,)` and `(x)` hold one
 * item, `()` none), or -1 when text is not parenthesised. */
static int sig_tuple_items(const char *text, int col, SigEntry *out, int max) {
  size_t len = strlen(text);
  if (len < 2 || text[0] != '(' || text[len - 1] != ')')
    return -1;
  char *body = xstrndup(text + 1, len - 2);
  int n = 0;
  for (char *p = body;;) {
    char *e = (char *)entry_end(p);
    bool last = !*e;
    *e = 0;
    int c = col + 1 + (int)(p - body);
    char *t = trim(p, &c);
    if (!*t) {
      if (!last || (n == 0 && p != body))
        error_at(sig_loc(c), "empty item in the tuple '%s'", text);
      break;
    }
    if (n == max)
      error_at(sig_loc(col), "the tuple '%s' has more than %d items", text, max);
    out[n++] = (SigEntry){t, c};
    if (last)
      break;
    p = e + 1;
  }
  return n;
}

#define MAX_TUPLE 64

/* The length of the Python identifier text starts with (0 if none). */
static size_t ident_len(const char *text) {
  size_t n = 0;
  while (text[n] == '_' || (text[n] >= 'a' && text[n] <= 'z') || (text[n] >= 'A' && text[n] <= 'Z') ||
         (n && text[n] >= '0' && text[n] <= '9'))
    n++;
  return n;
}

/* The class name of a NamedTuple entry `C(field=entry, ...)` (its length in *len), or NULL. */
static const char *sig_nt_class(const char *text, size_t *len) {
  size_t n = ident_len(text), all = strlen(text);
  if (!n || text[n] != '(' || text[all - 1] != ')')
    return NULL;
  *len = n;
  return text;
}

static bool sig_is_tuple(const char *text) {
  size_t n;
  return text[0] == '(' || sig_nt_class(text, &n);
}

/* The items of a tuple entry, `(a, b)`, or of a NamedTuple entry, `C(f=a, g=b)`: then *cls is
 * the class name and names[i] the field of item i (*cls NULL for a plain tuple); -1 when text is
 * neither. */
static int sig_items(const char *text, int col, SigEntry *out, const char **names,
                     const char **cls, int max) {
  size_t len = 0;
  *cls = NULL;
  if (!sig_nt_class(text, &len))
    return sig_tuple_items(text, col, out, max);
  *cls = xstrndup(text, len);
  int n = sig_tuple_items(text + len, col + (int)len, out, max);
  for (int i = 0; i < n; i++) {
    const char *eq = strchr(out[i].text, '=');
    size_t k = eq ? (size_t)(eq - out[i].text) : 0;
    while (k && out[i].text[k - 1] == ' ')
      k--;
    if (!eq || !k || ident_len(out[i].text) != k)
      error_at(sig_loc(out[i].col), "a NamedTuple entry names each field: %s(field=type, ...), "
               "got '%s'", *cls, out[i].text);
    names[i] = xstrndup(out[i].text, k);
    int c = out[i].col + (int)(eq + 1 - out[i].text);
    char *t = trim(xstrdup(eq + 1), &c);
    out[i] = (SigEntry){t, c};
  }
  return n;
}

/* What a name of the kernel's module is, or NULL (no error) when it is nothing tritonc knows. */
static SVal *sig_global(Sema *S, const char *name) {
  Node nm = {.kind = N_NAME, .str = name, .loc = sig_loc(1)};
  Scope *keep = S->scope;
  S->scope = arena_alloc(sizeof(Scope));
  SVal *v = eval_or_null(S, &nm);
  S->scope = keep;
  return v;
}

/* A @triton.jit function given as a constexpr (Triton's JIT specialises a JITFunction argument
 * as one): its name in the kernel's module, e.g. `mul` or `(mul, *fp32)`; NULL otherwise. */
static SVal *sig_function(Sema *S, const char *text) {
  DType dt;
  if (!ident_len(text) || ident_len(text) != strlen(text) || parse_dtype_name(text, &dt))
    return NULL;
  SVal *v = sig_global(S, text);
  return v && v->k == SV_FUNC ? v : NULL;
}

/* The class of a NamedTuple entry: the module's own class of that name when it has the same
 * fields (so isinstance and a kernel's own `C(...)` agree with it), else one the entry makes. */
static NTClass *sig_class(Sema *S, const char *name, int n, const char **fields, int col) {
  SVal *v = sig_global(S, name);
  NTClass *c = nt_class(sig_loc(col), name, n, fields, NULL);
  return v && v->k == SV_CLASS && nt_same(v->cls, c) ? v->cls : c;
}

/* A tuple item that is a literal: a type as a signature writes it (`fp32`, `*i8`) is not, a
 * dtype as Triton names it (`tl.float32`, a dtype constexpr) is. */
static SVal *item_literal(const char *t) {
  SVal *lit = parse_literal(t);
  return lit && (lit->k != SV_DTYPE || triton_dtype_text(t)) ? lit : NULL;
}

/* how many C parameters a tuple entry's type items take (0 for a tuple of literals) */
static int sig_tuple_params(SigEntry e) {
  SigEntry it[MAX_TUPLE];
  const char *names[MAX_TUPLE], *cls;
  int n = sig_items(e.text, e.col, it, names, &cls, MAX_TUPLE), count = 0;
  for (int i = 0; i < n; i++)
    if (sig_is_tuple(it[i].text))
      count += sig_tuple_params(it[i]);
    else
      count += !item_literal(it[i].text);
  return count;
}

/* The tuple of entry e, its type items bound to C parameters kp[*used..] (named after path). */
static SVal *bind_tuple(Sema *S, Node *p, const char *path, SigEntry e, KParam *kp, int index,
                        int *used) {
  SigEntry it[MAX_TUPLE];
  const char *names[MAX_TUPLE], *cls;
  int n = sig_items(e.text, e.col, it, names, &cls, MAX_TUPLE);
  SVal *t = sv_tuple(n);
  if (cls)
    t->cls = sig_class(S, cls, n, names, e.col);
  for (int i = 0; i < n; i++) {
    /* C parameters are named by the path: fields by name (closure_captured_0), items by index */
    const char *name = cls ? xstrdup(fmt("%s_%s", path, names[i])) : xstrdup(fmt("%s_%d", path, i));
    bool tup = sig_is_tuple(it[i].text);
    SVal *lit = tup ? NULL : item_literal(it[i].text);
    if (!lit && !tup)
      lit = sig_function(S, it[i].text);
    if (lit) {
      t->items[i] = lit;
    } else if (tup) {
      t->items[i] = bind_tuple(S, p, name, it[i], kp, index, used);
    } else {
      if (!strncmp(it[i].text, "tensordesc", 10))
        error_at(sig_loc(it[i].col), "a tensor descriptor inside a tuple argument is not "
                 "supported ('%s' of parameter '%s')", it[i].text, p->str);
      KParam *q = &kp[*used];
      *q = (KParam){.name = name};
      set_param_type(q, it[i]);
      arg_value(S, q, index + *used, p->loc);
      (*used)++;
      t->items[i] = sv_tensor(q->val);
    }
  }
  return t;
}

static void bind_signature(Sema *S, Node *fn, Scope *scope, const char *sig) {
  int max = 1;
  for (const char *c = sig; *c; c++)
    max += *c == ',';
  SigEntry *ent = arena_alloc(sizeof(SigEntry) * (size_t)max);
  int ns = split_signature(sig, ent, max);
  Kernel *k = S->k;
  if (ns > fn->params.n)
    error_at(sig_loc(ent[fn->params.n].col), "signature has %d entries but kernel '%s' has %d "
             "parameters", ns, fn->str, fn->params.n);
  struct { int rank, block[5]; DType elt; bool div16, nan; } *td =
      arena_alloc(sizeof *td * (size_t)max);
  int cap = fn->params.n + 1;
  for (int i = 0; i < ns; i++) { /* descriptors and tuples take several C parameters */
    td[i].rank = tdesc_entry(ent[i], &td[i].elt, td[i].block, &td[i].div16, &td[i].nan);
    cap += 2 * td[i].rank;
    if (sig_is_tuple(ent[i].text))
      cap += sig_tuple_params(ent[i]);
  }
  k->params = arena_alloc(sizeof(KParam) * (size_t)cap);
  k->nparams = 0;
  for (int i = 0; i < fn->params.n; i++) {
    Node *p = fn->params.v[i];
    KParam *kp = &k->params[k->nparams++];
    kp->name = c_param_name(p->str);
    bool cx = is_constexpr_ann(S, p->c);
    SVal *lit = i < ns ? parse_literal(ent[i].text) : NULL;
    if (i < ns && !lit)
      lit = sig_function(S, ent[i].text);
    size_t cl;
    bool nt = i < ns && sig_nt_class(ent[i].text, &cl);
    if (i < ns && sig_is_tuple(ent[i].text) && (!lit || (!cx && sig_tuple_params(ent[i])))) {
      if (nt && cx && sig_tuple_params(ent[i]))
        error_at(sig_loc(ent[i].col), "parameter '%s' is tl.constexpr: the NamedTuple '%s' must "
                 "hold values only, not types", p->str, ent[i].text);
      if (!nt && (cx || !sig_tuple_params(ent[i])))
        error_at(sig_loc(ent[i].col), "cannot read the tuple '%s' for parameter '%s' (a tuple "
                 "constexpr holds int, float, bool, None, string, dtype or tuple literals)",
                 ent[i].text, p->str);
      int used = 0;
      k->nparams--; /* the tuple's type items are its C parameters */
      scope_set(scope, p->str, bind_tuple(S, p, p->str, ent[i], &k->params[k->nparams],
                                          k->nparams, &used));
      k->nparams += used;
      continue;
    }
    if (i < ns && lit && cx && lit->k == SV_DTYPE && !triton_dtype_text(ent[i].text))
      error_at(sig_loc(ent[i].col), "parameter '%s' is tl.constexpr: the signature must give "
               "its value, not the type '%s'", p->str, ent[i].text);
    if (i < ns && lit && (cx || (lit->k != SV_DTYPE))) {
      kp->constexpr_ = true;
      kp->cexpr_text = literal_text(lit);
      scope_set(scope, p->str, lit);
      continue;
    }
    if (i < ns) {
      if (cx)
        error_at(sig_loc(ent[i].col), "parameter '%s' is tl.constexpr: the signature must give "
                 "its value, not the type '%s'", p->str, ent[i].text);
      if (td[i].rank) {
        k->nparams += bind_tdesc(S, p, scope, kp, k->nparams - 1, td[i].elt, td[i].block,
                                 td[i].rank, td[i].div16, td[i].nan) - 1;
        continue;
      }
      set_param_type(kp, ent[i]);
      arg_value(S, kp, k->nparams - 1, p->loc);
      kp->val->cptr = kp->dt == DT_PTR && is_const_ann(S, p->c);
      scope_set(scope, p->str, sv_tensor(kp->val));
      continue;
    }
    if (!cx && !define_value(S, p->str))
      error_at(p->loc, "the signature gives no type for parameter '%s' (it has %d entries, the "
               "kernel %d parameters)", p->str, ns, fn->params.n);
    const char *why = NULL;
    SVal *v = open_constexpr(S, fn, p, scope, &why);
    if (!v)
      error_at(p->loc, "no value for constexpr '%s': give it in the signature or with -D %s=VALUE%s%s%s",
               p->str, p->str, why ? " (a decorator that could give it cannot be evaluated: " : "",
               why ? why : "", why ? ")" : "");
    kp->constexpr_ = true;
    kp->cexpr_text = literal_text(v);
    scope_set(scope, p->str, v);
  }
}

static bool is_jit(Sema *S, Node *fn) {
  for (int i = first_triton_deco(S, fn); i < fn->decos.n; i++) {
    Node *d = fn->decos.v[i];
    if (d->kind == N_CALL)
      d = d->a;
    SVal *v = eval_host(S, d);
    if (v->k == SV_BUILTIN && (!strcmp(v->s, "triton.jit") || !strcmp(v->s, "triton.autotune") ||
                               !strcmp(v->s, "triton.heuristics")))
      return true;
  }
  return false;
}

static void sema_init(Sema *S, Module *m, const Options *opts, Kernel *k) {
  memset(S, 0, sizeof *S);
  S->mod = m;
  S->opts = opts;
  S->k = k;
  S->scope = arena_alloc(sizeof(Scope));
  S->env = module_main(S, m);
}

Kernel *sema_kernel(Module *m, const Options *opts) {
  Kernel *k = arena_alloc(sizeof *k);
  Sema S;
  sema_init(&S, m, opts, k);
  Node *fn = find_kernel(&S, opts->kernel);
  if (!is_jit(&S, fn))
    error_at(fn->loc, "'%s' is not a @triton.jit function", fn->str);
  k->source_name = opts->kernel;
  k->name = c_ident(opts->kernel); /* fn->str, or the name a kernel made by host code is bound to */
  k->file = m->file;
  k->signature = opts->signature ? opts->signature : inductor_signature(&S, fn);
  if (!opts->signature && k->signature) /* positions of errors in it */
    source_register("<signature>", k->signature, strlen(k->signature));
  k->num_warps = opts->num_warps;
  k->num_stages = opts->num_stages;
  k->body = ir_block();
  S.cur = k->body;
  Frame fr = {fn, NULL, fn->loc, false};
  S.frame = &fr;
  bind_signature(&S, fn, S.scope, k->signature ? k->signature : "");
  exec_block(&S, &fn->body, 0, NULL);
  return k;
}

void sema_list_configs(FILE *out, Module *m, const Options *opts) {
  Kernel *k = arena_alloc(sizeof *k);
  Sema S;
  sema_init(&S, m, opts, k);
  Node *fn = find_kernel(&S, opts->kernel);
  int shown = 0;
  for (int i = first_triton_deco(&S, fn); i < fn->decos.n; i++) {
    if (inductor_deco(&S, fn->decos.v[i]))
      continue;
    SVal *d = eval_host(&S, fn->decos.v[i]);
    if (d->k != SV_DICT || !d->s)
      continue;
    if (!strcmp(d->s, "autotune")) {
      SVal *cfgs = d->items[1];
      for (int c = 0; c < cfgs->n; c++) {
        SVal *cfg = cfgs->items[c]->items[0];
        fprintf(out, "config %d:", c);
        for (int j = 0; j + 1 < cfg->n; j += 2)
          fprintf(out, " %s=%s", cfg->items[j]->s, literal_text(cfg->items[j + 1]));
        fprintf(out, " num_warps=%lld%s\n", (long long)cfgs->items[c]->items[1]->i,
                c == 0 ? "  (default)" : "");
        shown++;
      }
    } else if (!strcmp(d->s, "heuristics")) {
      SVal *h = d->items[1];
      for (int j = 0; j + 1 < h->n; j += 2) {
        fprintf(out, "heuristic: %s (computed from the other arguments)\n", h->items[j]->s);
        shown++;
      }
    }
  }
  if (!shown)
    fprintf(out, "%s has no @triton.autotune configs or @triton.heuristics\n", fn->str);
}

static const char **name_array(SVal *t) {
  const char **v = arena_alloc(sizeof(char *) * (size_t)(t->n + 1));
  for (int i = 0; i < t->n; i++)
    v[i] = t->items[i]->s;
  return v;
}

Autotune *sema_autotune(Module *m, const Options *opts) {
  Kernel *k = arena_alloc(sizeof *k);
  Sema S;
  sema_init(&S, m, opts, k);
  Node *fn = find_kernel(&S, opts->kernel);
  for (int i = first_triton_deco(&S, fn); i < fn->decos.n; i++) {
    if (inductor_deco(&S, fn->decos.v[i]))
      continue;
    SVal *d = eval_host(&S, fn->decos.v[i]);
    if (d->k != SV_DICT || !d->s || strcmp(d->s, "autotune"))
      continue;
    Autotune *a = arena_alloc(sizeof *a);
    SVal *cfgs = d->items[1];
    a->loc = fn->decos.v[i]->loc;
    a->nconfigs = cfgs->n;
    a->text = arena_alloc(sizeof(char *) * (size_t)(cfgs->n + 1));
    a->names = arena_alloc(sizeof(char **) * (size_t)(cfgs->n + 1));
    a->num_warps = arena_alloc(sizeof(int) * (size_t)(cfgs->n + 1));
    a->num_stages = arena_alloc(sizeof(int) * (size_t)(cfgs->n + 1));
    for (int c = 0; c < cfgs->n; c++) {
      SVal *cfg = cfgs->items[c]->items[0];
      Buf b = {0};
      buf_puts(&b, "");
      a->names[c] = arena_alloc(sizeof(char *) * (size_t)(cfg->n / 2 + 1));
      for (int j = 0; j + 1 < cfg->n; j += 2) {
        a->names[c][j / 2] = cfg->items[j]->s;
        buf_printf(&b, "%s=%s ", cfg->items[j]->s, literal_text(cfg->items[j + 1]));
      }
      a->num_warps[c] = (int)cfgs->items[c]->items[1]->i;
      a->num_stages[c] = (int)cfgs->items[c]->items[3]->i;
      buf_printf(&b, "num_warps=%d num_stages=%d", a->num_warps[c], a->num_stages[c]);
      a->text[c] = xstrdup(b.s);
      buf_free(&b);
    }
    a->nkeys = d->items[2]->n;
    a->keys = name_array(d->items[2]);
    a->nreset = d->items[3]->n;
    a->reset = name_array(d->items[3]);
    a->nrestore = d->items[4]->n;
    a->restore = name_array(d->items[4]);
    a->hook = d->items[5]->k == SV_STR ? d->items[5]->s : NULL;
    a->spread = d->items[6]->k == SV_STR ? d->items[6]->s : NULL;
    return a;
  }
  Autotune *none = arena_alloc(sizeof *none); /* no configs */
  none->loc = fn->loc;
  return none;
}
