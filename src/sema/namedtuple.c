/* namedtuple.c — NamedTuple classes and their instances, as Triton 3 treats them.
 *
 * Triton's code generator turns a Python NamedTuple (an argument, or one a kernel builds by
 * calling the class) into a tl.tuple whose type keeps the field names: items are read by index
 * or by name, and it travels through calls, returns and loops like any tuple. Here a NamedTuple
 * is an SV_TUPLE whose `cls` names its class; everything that works on tuples works on it, and
 * a copy keeps the class (sv_tuple_like). A class comes from a module-level
 * `class C(typing.NamedTuple)` (annotated fields, defaults), from collections.namedtuple(...) or
 * typing.NamedTuple(...) (builtins.c), or from a signature entry `C(field=type, ...)` (sema.c).
 */
#include "sema.h"

#include <string.h>

NTClass *nt_class(Loc loc, const char *name, int n, const char **fields, SVal **defaults) {
  NTClass *c = arena_alloc(sizeof *c);
  c->name = name;
  c->n = n;
  c->fields = arena_alloc(sizeof(char *) * (size_t)(n ? n : 1));
  c->defaults = arena_alloc(sizeof(SVal *) * (size_t)(n ? n : 1));
  bool seen_default = false;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      if (!strcmp(fields[i], fields[j]))
        error_at(loc, "NamedTuple '%s': duplicate field name '%s'", name, fields[i]);
    if (fields[i][0] == '_')
      error_at(loc, "NamedTuple '%s': field names cannot start with an underscore: '%s'", name,
               fields[i]);
    SVal *d = defaults ? defaults[i] : NULL;
    if (!d && seen_default)
      error_at(loc, "NamedTuple '%s': non-default field '%s' follows a field with a default",
               name, fields[i]);
    seen_default |= d != NULL;
    c->fields[i] = fields[i];
    c->defaults[i] = d;
  }
  return c;
}

SVal *nt_class_value(NTClass *c) {
  SVal *v = sv_new(SV_CLASS);
  v->cls = c;
  return v;
}

/* Two classes are the same when they have one name and the same fields (the class a signature
 * entry names and the one the module defines under that name). */
bool nt_same(const NTClass *a, const NTClass *b) {
  if (a == b)
    return true;
  if (!a || !b || a->n != b->n || strcmp(a->name, b->name))
    return false;
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->fields[i], b->fields[i]))
      return false;
  return true;
}

SVal *sv_tuple_like(const SVal *t) {
  SVal *c = sv_tuple(t->n);
  c->cls = t->cls;
  return c;
}

static int field_index(const NTClass *c, const char *name) {
  for (int i = 0; i < c->n; i++)
    if (!strcmp(c->fields[i], name))
      return i;
  return -1;
}

static const char *field_list(const NTClass *c) {
  const char *s = "";
  for (int i = 0; i < c->n; i++)
    s = fmt("%s%s%s", s, i ? ", " : "", c->fields[i]);
  return c->n ? s : "none";
}

// Tensor(ptr, shape, stride=s): positional, then keywords, then the defaults, as Python binds
// a NamedTuple's __new__
SVal *nt_construct(Sema *S, Loc loc, NTClass *c, SVal **args, int nargs, const char **kwn,
                   SVal **kwv, int nkw) {
  if (nargs > c->n)
    error_at(loc, "%s() takes %d positional argument%s but %d were given", c->name, c->n,
             c->n == 1 ? "" : "s", nargs);
  SVal *t = sv_tuple(c->n);
  t->cls = c;
  for (int i = 0; i < nargs; i++)
    t->items[i] = args[i];
  for (int k = 0; k < nkw; k++) {
    int i = field_index(c, kwn[k]);
    Loc at = loc; /* the keyword's own position when the call is in the source */
    for (int j = 0; S->call && j < S->call->kws.n; j++)
      if (!strcmp(S->call->kws.v[j]->str, kwn[k]))
        at = S->call->kws.v[j]->loc;
    if (i < 0)
      error_at(at, "%s() got an unexpected keyword argument '%s' (its fields: %s)", c->name,
               kwn[k], field_list(c));
    if (t->items[i])
      error_at(at, "%s() got multiple values for argument '%s'", c->name, kwn[k]);
    t->items[i] = kwv[k];
  }
  for (int i = 0; i < c->n; i++)
    if (!t->items[i] && !(t->items[i] = c->defaults[i]))
      error_at(loc, "%s() missing required argument '%s'", c->name, c->fields[i]);
  return t;
}

static SVal *str_tuple(const NTClass *c) {
  SVal *t = sv_tuple(c->n);
  for (int i = 0; i < c->n; i++) {
    t->items[i] = sv_new(SV_STR);
    t->items[i]->s = c->fields[i];
  }
  return t;
}

// t.ptr, t.shape (a NamedTuple's field), t._fields, C._fields
SVal *nt_attr(Sema *S, Loc loc, SVal *obj, const char *name) {
  (void)S;
  NTClass *c = obj->cls;
  if (!strcmp(name, "_fields"))
    return str_tuple(c);
  if (obj->k == SV_CLASS)
    error_at(loc, "the NamedTuple class '%s' has no attribute '%s' a kernel can read (its "
             "fields: %s; build one with %s(...))", c->name, name, field_list(c), c->name);
  int i = field_index(c, name);
  if (i < 0)
    error_at(loc, "NamedTuple '%s' has no field '%s' (its fields: %s)", c->name, name,
             field_list(c));
  return obj->items[i];
}

/* C(f=..., g=...) with item() writing each value */
const char *nt_text(const SVal *t, const char *(*item)(SVal *)) {
  const char *s = fmt("%s(", t->cls->name);
  for (int i = 0; i < t->n; i++)
    s = fmt("%s%s%s=%s", s, i ? ", " : "", t->cls->fields[i], item(t->items[i]));
  return fmt("%s)", s);
}

/* class C(NamedTuple): x: T; y: T = d   Its bases must be typing.NamedTuple (as Triton can only
 * use a NamedTuple's instances); defaults evaluate in the module, as Python runs them. */
SVal *nt_classdef(Sema *S, Node *c) {
  if (!c->args.n)
    error_at(c->loc, "class '%s' is not a NamedTuple: a kernel can use only NamedTuple classes "
             "(class %s(typing.NamedTuple))", c->str, c->str);
  for (int i = 0; i < c->args.n; i++) {
    Node *b = c->args.v[i];
    SVal *v = b ? eval_or_null(S, b) : NULL;
    if (!v || v->k != SV_BUILTIN || strcmp(v->s, "py.NamedTuple") || c->args.n > 1)
      error_at(b ? b->loc : c->loc, "class '%s' is not a NamedTuple: a kernel can use only "
               "classes based on typing.NamedTuple alone", c->str);
  }
  int n = c->body.n;
  const char **fields = arena_alloc(sizeof(char *) * (size_t)(n ? n : 1));
  SVal **defaults = arena_alloc(sizeof(SVal *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) {
    Node *f = c->body.v[i];
    fields[i] = f->a->str;
    defaults[i] = NULL;
    if (f->ival) {
      if (!f->b)
        error_at(f->loc, "the default of field '%s' of '%s' is Python tritonc cannot evaluate",
                 fields[i], c->str);
      defaults[i] = eval_expr(S, f->b);
      if (defaults[i]->k == SV_TENSOR)
        error_at(f->b->loc, "the default of field '%s' of '%s' must be a compile-time constant",
                 fields[i], c->str);
    }
  }
  return nt_class_value(nt_class(c->loc, c->str, n, fields, defaults));
}
