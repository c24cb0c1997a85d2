/* host.c — the host Python a kernel file runs before any kernel: module-level values, decorator
 * arguments and the plain functions they call, evaluated as Python would for the subset real
 * kernel files use.
 *
 * Published libraries build their autotune configs with comprehensions, `filter(keep, configs)`
 * and functions returning lists, spread keyword arguments into decorators (`**kwargs`), read
 * environment switches (`os.environ.get("X", "0") == "1"`) and torch's build (`torch.version.hip`).
 * These run here only while Sema.host is set (module.c's bindings, decorators): inside a kernel
 * the same constructs stay errors, as in Triton. What cannot be evaluated is a user error that
 * names the construct; callers that may do without the value catch it (module.c's tentatively).
 */
#include "sema.h"

#include <stdlib.h>
#include <string.h>

#define HOST_MAX_ITEMS (1 << 16) /* a comprehension or list() longer than this is refused */

SVal *eval_host(Sema *S, Node *n) {
  bool was = S->host;
  S->host = true;
  SVal *v = eval_expr(S, n);
  S->host = was;
  return v;
}

static void need_host(Sema *S, Loc loc, const char *what) {
  if (!S->host)
    error_at(loc, "%s not supported in Triton kernels", what);
}

/* The items a host `for` walks: a list or tuple, a dict's keys, range(...) of integers. */
SVal **host_items(Sema *S, Loc loc, SVal *v, int *n) {
  (void)S;
  if (v->k == SV_TUPLE && v->s && (!strcmp(v->s, "range") || !strcmp(v->s, "static_range"))) {
    for (int i = 0; i < 3; i++)
      if (v->items[i]->k != SV_INT && v->items[i]->k != SV_BOOL)
        error_at(loc, "range() over %s: host Python needs integers", sv_kind_name(v->items[i]));
    int64_t a = v->items[0]->i, b = v->items[1]->i, st = v->items[2]->i;
    if (st == 0)
      error_at(loc, "range() arg 3 must not be zero");
    int64_t cnt = st > 0 ? (b > a ? (b - a + st - 1) / st : 0) : (a > b ? (a - b - st - 1) / -st : 0);
    if (cnt > HOST_MAX_ITEMS)
      error_at(loc, "range() of %lld items: host Python longer than %d items is not evaluated",
               (long long)cnt, HOST_MAX_ITEMS);
    SVal **r = arena_alloc(sizeof(SVal *) * (size_t)(cnt + 1));
    for (int64_t i = 0; i < cnt; i++)
      r[i] = sv_int(a + i * st);
    *n = (int)cnt;
    return r;
  }
  if (v->k == SV_TUPLE && !v->s) {
    *n = v->n;
    return v->items;
  }
  if (v->k == SV_DICT && !v->s) {
    SVal **r = arena_alloc(sizeof(SVal *) * (size_t)(v->n / 2 + 1));
    for (int i = 0; i + 1 < v->n; i += 2)
      r[i / 2] = v->items[i];
    *n = v->n / 2;
    return r;
  }
  error_at(loc, "cannot iterate over %s in host Python tritonc evaluates", sv_kind_name(v));
}

/* dict keys compare as Python's == would for the keys host code uses: strings, ints, bools */
static bool same_key(SVal *a, SVal *b) {
  if (a->k == SV_STR || b->k == SV_STR)
    return a->k == b->k && !strcmp(a->s, b->s);
  if ((a->k == SV_INT || a->k == SV_BOOL) && (b->k == SV_INT || b->k == SV_BOOL))
    return a->i == b->i;
  return a->k == SV_NONE && b->k == SV_NONE;
}

static SVal *list_of_items(SVal **items, int n) {
  SVal *t = sv_tuple(n);
  for (int i = 0; i < n; i++)
    t->items[i] = items[i];
  t->list = true;
  return t;
}

// configs.append(triton.Config(...)), xs.extend(ys): the list changes in place, so every name
// holding it sees the change, as in Python
static SVal *list_method(Sema *S, Loc loc, const char *m, SVal *l, SVal **a, int na) {
  if (na != 1)
    error_at(loc, "list.%s() takes exactly one argument", m);
  int add = 1;
  SVal **more = &a[0];
  if (!strcmp(m, "extend"))
    more = host_items(S, loc, a[0], &add);
  if (l->n + add > HOST_MAX_ITEMS)
    error_at(loc, "a list of more than %d items is not evaluated", HOST_MAX_ITEMS);
  SVal **items = arena_alloc(sizeof(SVal *) * (size_t)(l->n + add + 1));
  for (int i = 0; i < l->n; i++)
    items[i] = l->items[i];
  for (int i = 0; i < add; i++)
    items[l->n + i] = more[i];
  l->items = items;
  l->n += add;
  return sv_new(SV_NONE);
}

typedef struct Comp {
  Node *n;
  Vec out;
} Comp;

static void comp_clause(Sema *S, Comp *c, int ci) {
  Node *n = c->n;
  if (ci == n->args.n) {
    vec_push(&c->out, eval_expr(S, n->a));
    if (n->ival == 2)
      vec_push(&c->out, eval_expr(S, n->b));
    if (c->out.n > 2 * HOST_MAX_ITEMS)
      error_at(n->loc, "comprehension of more than %d items is not evaluated", HOST_MAX_ITEMS);
    return;
  }
  Node *cl = n->args.v[ci];
  if (cl->kind == N_IF) {
    if (sv_truthy(S, cl->a->loc, eval_expr(S, cl->a)))
      comp_clause(S, c, ci + 1);
    return;
  }
  int cnt;
  SVal **items = host_items(S, cl->b->loc, eval_expr(S, cl->b), &cnt);
  for (int i = 0; i < cnt; i++) {
    bind_target(S, cl->a, items[i]);
    comp_clause(S, c, ci + 1);
  }
}

// [triton.Config({'BLOCK': b}, num_warps=w) for b in (64, 128) for w in (4, 8) if b * w < 1024]
SVal *eval_comp(Sema *S, Node *n) {
  need_host(S, n->loc, "comprehensions are");
  Scope *outer = S->scope;
  S->scope = scope_clone(outer); /* the loop names stay inside, as in Python 3 */
  Comp c = {n, {0}};
  comp_clause(S, &c, 0);
  S->scope = outer;
  SVal *r = list_of_items((SVal **)c.out.v, c.out.n);
  if (n->ival == 2)
    r->k = SV_DICT;
  return r;
}

/* ---- Python builtins of host code ---- */

// filter(keep, configs) / filter(None, xs): a list (Python's iterator, consumed once)
static SVal *host_filter(Sema *S, Loc loc, SVal **a, int na) {
  if (na != 2)
    error_at(loc, "filter() takes 2 arguments");
  int cnt, k = 0;
  SVal **items = host_items(S, loc, a[1], &cnt);
  SVal **kept = arena_alloc(sizeof(SVal *) * (size_t)(cnt + 1));
  for (int i = 0; i < cnt; i++) {
    SVal *t = a[0]->k == SV_NONE ? items[i] : call_value(S, loc, a[0], &items[i], 1, NULL, NULL, 0);
    if (sv_truthy(S, loc, t))
      kept[k++] = items[i];
  }
  return list_of_items(kept, k);
}

// dict(m), dict(key=v, ...), dict(m, **more)
static SVal *host_dict(Sema *S, Loc loc, SVal **a, int na, const char **kwn, SVal **kwv, int nkw) {
  (void)S;
  if (na > 1 || (na == 1 && (a[0]->k != SV_DICT || a[0]->s)))
    error_at(loc, "dict() of %s: host Python tritonc evaluates takes a dict and keywords",
             na ? sv_kind_name(a[0]) : "nothing");
  SVal *d = sv_tuple((na ? a[0]->n : 0) + 2 * nkw);
  d->k = SV_DICT;
  d->n = 0;
  for (int i = 0; na && i < a[0]->n; i++)
    d->items[d->n++] = a[0]->items[i];
  for (int i = 0; i < nkw; i++) {
    SVal *key = sv_new(SV_STR);
    key->s = kwn[i];
    d->items[d->n++] = key;
    d->items[d->n++] = kwv[i];
  }
  return d;
}

// os.environ.get(name, default=None), os.getenv(name, default=None): the value in tritonc's
// own environment, which is the environment the module would be imported in
static SVal *host_getenv(Loc loc, SVal **a, int na) {
  if (na < 1 || na > 2 || a[0]->k != SV_STR)
    error_at(loc, "os.environ.get() takes a variable name and an optional default");
  const char *v = getenv(a[0]->s);
  if (!v)
    return na == 2 ? a[1] : sv_new(SV_NONE);
  SVal *s = sv_new(SV_STR);
  s->s = xstrdup(v);
  return s;
}

static SVal *current_target(Loc loc);

bool host_builtin_name(const char *name) {
  static const char *const names[] = {"py.filter", "py.dict", "py.list", "py.tuple", "os.getenv",
                                      "py.hasattr",
                                      "dict.get", "dict.keys", "dict.values", "dict.items",
                                      "list.append", "list.extend",
                                      "triton.current_target", NULL};
  for (int i = 0; names[i]; i++)
    if (!strcmp(names[i], name))
      return true;
  return false;
}

// d.get(key, default=None), d.keys(), d.values(), d.items()
static SVal *dict_method(Sema *S, Loc loc, const char *m, SVal *d, SVal **a, int na) {
  (void)S;
  if (!strcmp(m, "get")) {
    if (na < 1 || na > 2)
      error_at(loc, "dict.get() takes a key and an optional default");
    for (int i = 0; i + 1 < d->n; i++, i++)
      if (same_key(d->items[i], a[0]))
        return d->items[i + 1];
    return na == 2 ? a[1] : sv_new(SV_NONE);
  }
  if (na)
    error_at(loc, "dict.%s() takes no arguments", m);
  SVal *r = sv_tuple(d->n / 2);
  for (int i = 0; i + 1 < d->n; i += 2) {
    if (!strcmp(m, "items")) {
      SVal *kv = sv_tuple(2);
      kv->items[0] = d->items[i];
      kv->items[1] = d->items[i + 1];
      r->items[i / 2] = kv;
    } else
      r->items[i / 2] = d->items[i + (m[0] == 'v')];
  }
  return r;
}

SVal *host_call(Sema *S, Loc loc, const char *name, SVal *self, SVal **a, int na, const char **kwn,
                SVal **kwv, int nkw) {
  const char *what = fmt("%s() is", strchr(name, '.') + 1);
  need_host(S, loc, what);
  if (self && !strncmp(name, "list.", 5))
    return list_method(S, loc, name + 5, self, a, na);
  if (self)
    return dict_method(S, loc, name + 5, self, a, na);
  if (strcmp(name, "py.dict") && nkw)
    error_at(loc, "%s() takes no keyword arguments here", name + 3);
  if (!strcmp(name, "py.filter"))
    return host_filter(S, loc, a, na);
  if (!strcmp(name, "py.dict"))
    return host_dict(S, loc, a, na, kwn, kwv, nkw);
  if (!strcmp(name, "os.getenv"))
    return host_getenv(loc, a, na);
  if (!strcmp(name, "triton.current_target"))
    return current_target(loc);
  if (!strcmp(name, "py.hasattr")) {
    /* hasattr(triton.language, "gather"): whether the Triton tritonc implements has it */
    if (na != 2 || a[1]->k != SV_STR)
      error_at(loc, "hasattr() takes an object and an attribute name");
    const char *why = NULL;
    return sv_bool(attr_or_why(S, loc, a[0], a[1]->s, &why) != NULL);
  }
  if (na > 1)
    error_at(loc, "%s() takes at most 1 argument", name + 3);
  if (na == 0)
    return sv_tuple(0);
  int cnt;
  SVal **items = host_items(S, loc, a[0], &cnt);
  return list_of_items(items, cnt);
}

// triton.runtime.driver.active.get_current_target(): GPUTarget(backend="cuda", arch=90,
// warp_size=32), the machine tritonc's CUDA target compiles for (nvcc -arch=sm_90); the C target
// takes the same kernel, as it takes torch.version.hip to be None
static SVal *current_target(Loc loc) {
  static const char *const fields[] = {"backend", "arch", "warp_size"};
  SVal *none[3] = {NULL, NULL, NULL};
  SVal *t = sv_tuple(3);
  t->cls = nt_class(loc, "GPUTarget", 3, (const char **)fields, none);
  t->items[0] = sv_new(SV_STR);
  t->items[0]->s = "cuda";
  t->items[1] = sv_int(90);
  t->items[2] = sv_int(32);
  return t;
}

/* ---- modules tritonc stubs: os, torch.version, triton.runtime.driver ---- */

static SVal *host_module(const char *path) {
  SVal *m = sv_new(SV_MODULE);
  m->s = path;
  return m;
}

/* os.environ.get / os.getenv, torch.version.hip (None: the targets are CUDA and C, never ROCm).
 * NULL when path is none of these modules. */
SVal *host_module_attr(Loc loc, const char *path, const char *attr) {
  if (!strcmp(path, "os")) {
    if (!strcmp(attr, "environ"))
      return host_module("os.environ");
    if (!strcmp(attr, "getenv")) {
      SVal *f = sv_new(SV_BUILTIN);
      f->s = "os.getenv";
      return f;
    }
    error_at(loc, "'os.%s' is host Python tritonc does not evaluate (os.environ.get and "
                  "os.getenv are)", attr);
  }
  if (!strcmp(path, "os.environ")) {
    if (!strcmp(attr, "get"))
      return host_module_attr(loc, "os", "getenv");
    error_at(loc, "'os.environ.%s' is host Python tritonc does not evaluate (os.environ.get is)",
             attr);
  }
  static const char *const driver[][2] = {{"triton", "runtime"}, {"triton.runtime", "driver"},
                                          {"triton.runtime.driver", "active"}};
  for (int i = 0; i < 3; i++)
    if (!strcmp(path, driver[i][0]) && !strcmp(attr, driver[i][1]))
      return host_module(fmt("%s.%s", path, attr));
  if (!strcmp(path, "triton.runtime.driver.active")) {
    if (strcmp(attr, "get_current_target"))
      error_at(loc, "'triton.runtime.driver.active.%s' is host state tritonc does not know (of the "
                    "driver it knows get_current_target())", attr);
    SVal *f = sv_new(SV_BUILTIN);
    f->s = "triton.current_target";
    return f;
  }
  if (!strcmp(path, "triton.runtime") || !strcmp(path, "triton.runtime.driver"))
    error_at(loc, "'%s.%s' is host state tritonc does not know", path, attr);
  if (!strcmp(path, "torch")) {
    if (!strcmp(attr, "version"))
      return host_module("torch.version");
    error_at(loc, "'torch.%s' is host state tritonc does not know (of torch it knows only "
                  "torch.version.hip)", attr);
  }
  if (!strcmp(path, "torch.version")) {
    if (!strcmp(attr, "hip"))
      return sv_new(SV_NONE);
    error_at(loc, "'torch.version.%s' is host state tritonc does not know (of torch it knows "
                  "only torch.version.hip)", attr);
  }
  return NULL;
}

// config.kwargs, config.num_warps, config.num_stages, config.pre_hook (a filter's keep(config)),
// d.get, d.keys, d.values, d.items, xs.append, xs.extend
SVal *host_attr(Loc loc, SVal *obj, const char *name) {
  if (obj->k == SV_DICT && !obj->s &&
      (!strcmp(name, "get") || !strcmp(name, "keys") || !strcmp(name, "values") ||
       !strcmp(name, "items"))) {
    SVal *f = sv_new(SV_BUILTIN);
    f->s = fmt("dict.%s", name);
    f->self = obj;
    return f;
  }
  if (obj->k == SV_TUPLE && obj->list && (!strcmp(name, "append") || !strcmp(name, "extend"))) {
    SVal *f = sv_new(SV_BUILTIN);
    f->s = fmt("list.%s", name);
    f->self = obj;
    return f;
  }
  if (obj->k != SV_CONFIG)
    return NULL;
  static const char *const fields[] = {"kwargs", "num_warps", "pre_hook", "num_stages", NULL};
  for (int i = 0; fields[i]; i++)
    if (!strcmp(fields[i], name))
      return obj->items[i];
  error_at(loc, "triton.Config has no attribute '%s' tritonc evaluates (it has kwargs, "
                "num_warps, num_stages and pre_hook)", name);
}
