/* module.c — the module level of a kernel file and of the modules it imports, run as Python
 * would run it under Triton 3.x, to learn what each global name is.
 *
 * Each module's statements (parse.c: Module.body) run in order and leave a chain of bindings,
 * newest first, never changed afterwards: an assignment's value is evaluated only when a kernel
 * first reads the name, in the bindings that preceded it, so host Python a kernel never reads
 * costs nothing and is never an error. An `if` whose condition evaluates (a version check:
 * `triton.__version__`, `Version(...)`, `compare_version("triton", operator.ge, "3.0.0")`) runs
 * its taken branch. One that does not (a call to a helper tritonc cannot run) runs both, and a
 * name bound differently by the two is decided on use: the same value either way is fine,
 * otherwise the error names the condition. A `try:` whose imports Triton 3.x lacks runs its
 * first `except` body instead; one importing a module tritonc cannot find (torch) is undecided
 * the same way.
 *
 * Imports of other modules are searched like Python's sys.path: the kernel file's folder, then
 * each -I folder, `a/b.py` or the package `a/b/__init__.py`; `from .x import y` starts at the
 * importing file's folder. Each file is read once; jit functions keep their module, so their
 * own globals resolve there. After the last folder comes the one tritonc carries (BUILTIN_ROOT):
 * torch._inductor.runtime's modules that Inductor's generated kernels import (runtime/inductor/,
 * embedded at build time), so those kernels translate with no torch installed.
 */
#include "sema.h"

#include <stdlib.h>
#include <string.h>

static Bind *find(Bind *b, const char *name) {
  for (; b; b = b->next)
    if (!strcmp(b->name, name))
      return b;
  return NULL;
}

static Bind *bind(ModEnv *me, Bind *top, const char *name, BindKind k, Loc loc) {
  Bind *b = arena_alloc(sizeof *b);
  b->name = name;
  b->k = k;
  b->loc = loc;
  b->mod = me;
  b->next = top;
  return b;
}

static const char *loc_text(Loc l) { return fmt("%s:%d:%d", l.file, l.line, l.col); }

/* s with each '%' doubled: a message used as a format */
static const char *percent_escaped(const char *s) {
  size_t n = strlen(s) + 1;
  for (const char *c = s; *c; c++)
    n += *c == '%';
  char *r = arena_alloc(n), *d = r;
  for (; *s; s++)
    if ((*d++ = *s) == '%')
      *d++ = '%';
  *d = 0;
  return r;
}

/* ---- tentative evaluation ---- */

typedef SVal *Tentative(Sema *S, void *arg);

/* The bindings being evaluated, innermost last: an error caught by tentatively() clears the
 * busy marks of those it interrupted, so a later use does not take them for a cycle. */
static Bind **busy_stack;
static int busy_n, busy_cap;

static void busy_push(Bind *b) {
  if (busy_n == busy_cap) {
    busy_cap = busy_cap ? 2 * busy_cap : 16;
    Bind **v = arena_alloc(sizeof(Bind *) * (size_t)busy_cap);
    if (busy_n)
      memcpy(v, busy_stack, sizeof(Bind *) * (size_t)busy_n);
    busy_stack = v;
  }
  b->busy = true;
  busy_stack[busy_n++] = b;
}

static void busy_unwind(int to) {
  while (busy_n > to)
    busy_stack[--busy_n]->busy = false;
}

/* f(S, arg), with a user error caught: NULL and the message (with its position) in *why. Ops go
 * to a scratch block, and the Sema is restored, so a failed attempt leaves no trace. */
static SVal *tentatively(Sema *S, Tentative *f, void *arg, const char **why) {
  jmp_buf jb, *saved = error_trap;
  Sema keep = *S;
  SVal *volatile r = NULL;
  int busy = busy_n;
  S->cur = ir_block();
  error_trap = &jb;
  if (!setjmp(jb))
    r = f(S, arg);
  else
    busy_unwind(busy), *why = error_trap_loc.file ? fmt("%s: %s", loc_text(error_trap_loc), error_trap_msg)
                               : xstrdup(error_trap_msg);
  error_trap = saved;
  ModEnv *mods = S->mods; /* modules read meanwhile stay read */
  *S = keep;
  S->mods = mods;
  return r;
}

static SVal *eval_node(Sema *S, void *n) { return eval_expr(S, n); }

typedef struct CallArg {
  Loc loc;
  SVal *fn, **args;
  int nargs;
} CallArg;

static SVal *call_node(Sema *S, void *arg) {
  CallArg *c = arg;
  return call_value(S, c->loc, c->fn, c->args, c->nargs, NULL, NULL, 0);
}

SVal *call_or_why(Sema *S, Loc loc, SVal *fn, SVal **args, int nargs, const char **why) {
  CallArg c = {loc, fn, args, nargs};
  return tentatively(S, call_node, &c, why);
}

typedef struct AttrArg {
  Loc loc;
  SVal *obj;
  const char *name;
} AttrArg;

static SVal *attr_node(Sema *S, void *arg) {
  AttrArg *a = arg;
  return attr_of(S, a->loc, a->obj, a->name);
}

SVal *attr_or_why(Sema *S, Loc loc, SVal *obj, const char *name, const char **why) {
  AttrArg a = {loc, obj, name};
  return tentatively(S, attr_node, &a, why);
}

SVal *eval_or_null(Sema *S, Node *n) {
  const char *why = NULL;
  return eval_or_why(S, n, &why);
}

SVal *eval_or_why(Sema *S, Node *n, const char **why) {
  return tentatively(S, eval_node, n, why);
}

/* ---- finding and reading modules ---- */

#define BUILTIN_ROOT "<tritonc>"
#define BUILTIN_PKG BUILTIN_ROOT "/torch/_inductor/runtime/"
extern const char *const tc_pymodules[]; /* build/pymodules.c: name, text, ... NULL */

/* The text of a module tritonc carries: BUILTIN_PKG NAME.py for runtime/inductor/NAME.py. */
static const char *builtin_text(const char *path) {
  size_t n = strlen(BUILTIN_PKG), len = strlen(path);
  if (strncmp(path, BUILTIN_PKG, n) || len < n + 3 || strcmp(path + len - 3, ".py"))
    return NULL;
  for (int i = 0; tc_pymodules[i]; i += 2)
    if (strlen(tc_pymodules[i]) == len - n - 3 && !strncmp(tc_pymodules[i], path + n, len - n - 3))
      return tc_pymodules[i + 1];
  return NULL;
}

static bool is_file(const char *path) {
  if (!strncmp(path, BUILTIN_ROOT, strlen(BUILTIN_ROOT)))
    return builtin_text(path) != NULL;
  FILE *f = fopen(path, "rb");
  if (f)
    fclose(f);
  return f != NULL;
}

static const char *dir_of(const char *file) {
  const char *slash = strrchr(file, '/');
  return slash ? xstrndup(file, (size_t)(slash - file)) : ".";
}

static char *slashes(const char *dotted) {
  char *s = xstrdup(dotted);
  for (char *c = s; *c; c++)
    if (*c == '.')
      *c = '/';
  return s;
}

/* DIR/a/b.py or DIR/a/b/__init__.py */
static const char *module_file(const char *dir, const char *dotted) {
  const char *rel = slashes(dotted), *f = fmt("%s/%s.py", dir, rel);
  if (is_file(f))
    return f;
  f = fmt("%s/%s/__init__.py", dir, rel);
  return is_file(f) ? f : NULL;
}

static const char *search_path(Sema *S) {
  const char *s = dir_of(S->mod->file);
  for (int i = 0; i < S->opts->nincdirs; i++)
    s = fmt("%s, %s", s, S->opts->incdirs[i]);
  return s;
}

static ModEnv *load(Sema *S, const char *file, const char *name);

/* The module `dotted` as imported from module me ("..x.y": relative to me's folder); NULL if
 * the search path has no such file. */
static ModEnv *find_module(Sema *S, ModEnv *me, const char *dotted) {
  const char *file = NULL, *name = dotted;
  if (dotted[0] == '.') {
    const char *dir = me->dir;
    for (dotted++; *dotted == '.'; dotted++)
      dir = fmt("%s/..", dir);
    file = *dotted ? module_file(dir, dotted) : fmt("%s/__init__.py", dir);
    if (file && !is_file(file))
      file = NULL;
  } else {
    file = module_file(dir_of(S->mod->file), dotted);
    for (int i = 0; !file && i < S->opts->nincdirs; i++)
      file = module_file(S->opts->incdirs[i], dotted);
    if (!file)
      file = module_file(BUILTIN_ROOT, dotted);
  }
  if (!file)
    return NULL;
  for (ModEnv *m = S->mods; m; m = m->next)
    if (!strcmp(m->file, file))
      return m;
  return load(S, file, name);
}

/* ---- names that come from Triton and Python ---- */

static bool builtin_module(const char *path) {
  if (!strcmp(path, INDUCTOR_DECORATORS))
    return true;
  /* host.c's stubs: os.environ.get, torch.version.hip (torch._inductor's modules are carried) */
  if (!strcmp(path, "os") || !strcmp(path, "torch") || !strcmp(path, "torch.version"))
    return true;
  size_t h = strcspn(path, ".");
  static const char *const heads[] = {"triton", "math",   "operator",    "packaging",
                                      "typing", "collections", NULL};
  for (int i = 0; heads[i]; i++)
    if (strlen(heads[i]) == h && !strncmp(path, heads[i], h))
      return true;
  return false;
}

/* The modules of triton.language that Triton 3.x has: importing another is an ImportError. */
static bool triton_has(const char *mod) {
  static const char *const known[] = {
      "triton.language", "triton.language.core", "triton.language.math",
      "triton.language.standard", "triton.language.semantic", "triton.language.extra",
      "triton.language.extra.libdevice", "triton.language.extra.cuda",
      "triton.language.extra.cuda.libdevice", "triton.language.extra.hip",
      "triton.language.extra.hip.libdevice", NULL};
  if (strncmp(mod, "triton.language.", 16) != 0)
    return true;
  for (int i = 0; known[i]; i++)
    if (!strcmp(known[i], mod))
      return true;
  return false;
}

/* The module part of an import's path: "P" of `from P import n` ("P.n"). */
static const char *module_part(Bind *b) {
  if (!b->from_)
    return b->path;
  const char *dot = strrchr(b->path, '.');
  size_t n = (size_t)(dot - b->path);
  return n && b->path[n - 1] != '.' ? xstrndup(b->path, n) : xstrndup(b->path, n + 1);
}

static SVal *module_val(const char *path, ModEnv *me) {
  SVal *m = sv_new(SV_MODULE);
  m->s = path;
  m->menv = me;
  return m;
}

/* `import triton.language as tl`, `from triton.language.extra.libdevice import rsqrt`,
 * `from packaging.version import Version`. */
static SVal *builtin_alias(Sema *S, Bind *b) {
  const char *p = b->path;
  if (!b->from_ || !strcmp(p, INDUCTOR_DECORATORS)) /* from torch._inductor.runtime import it */
    return module_val(p, NULL);
  const char *dot = strrchr(p, '.');
  return lookup_module_attr(S, b->loc, xstrndup(p, (size_t)(dot - p)), dot + 1);
}

// import mymodule / from mymodule import helper / from .utils import helper
static SVal *user_alias(Sema *S, Loc use, Bind *b) {
  const char *mod = module_part(b);
  ModEnv *m = find_module(S, b->mod, mod);
  if (!m)
    error_at(use, "'%s' comes from module '%s' (imported at %s), which is not found in the "
                  "search path: %s", b->name, mod, loc_text(b->loc), search_path(S));
  return b->from_ ? module_attr(S, use, m, strrchr(b->path, '.') + 1) : module_val(b->path, m);
}

/* Helpers of the version-check idiom, known by name wherever they come from: Liger-Kernel's
 * compare_version("triton", operator.ge, "3.0.0") and packaging's (or a re-export's) Version. */
static SVal *known_helper(const char *name) {
  const char *bi = !strcmp(name, "compare_version") ? "py.compare_version"
                   : !strcmp(name, "Version")       ? "py.Version"
                                                    : NULL;
  if (!bi)
    return NULL;
  SVal *v = sv_new(SV_BUILTIN);
  v->s = bi;
  return v;
}

/* ---- what a binding is worth ---- */

static SVal *bind_value(Sema *S, Loc use, Bind *b);

typedef struct ExprArg {
  Bind *b;
} ExprArg;

/* eval(S, b's node) in a fresh scope of b's module, its names as they stood where b was bound */
static SVal *at_binding(Sema *S, Bind *b, SVal *(*eval)(Sema *, Node *)) {
  Bind *top = b->mod->top;
  Scope *scope = S->scope;
  ModEnv *env = S->env;
  bool host = S->host;
  S->scope = arena_alloc(sizeof(Scope));
  S->env = b->mod;
  S->host = true;
  b->mod->top = b->env;
  SVal *v = eval(S, b->node);
  b->mod->top = top;
  S->scope = scope;
  S->env = env;
  S->host = host;
  return v;
}

static SVal *assigned_value(Sema *S, Node *assign) { return eval_expr(S, assign->b); }

static SVal *eval_global(Sema *S, void *arg) { return at_binding(S, ((ExprArg *)arg)->b, assigned_value); }

// NAME = value at module level, read by a kernel
static SVal *expr_value(Sema *S, Loc use, Bind *b) {
  if (!b->node->b)
    error_at(use, "module-level '%s' is host Python that cannot be used in a kernel", b->name);
  const char *why = NULL;
  ExprArg a = {b};
  Bind *top = b->mod->top; /* eval_global narrows it; a caught error skips its restoring */
  SVal *v = tentatively(S, eval_global, &a, &why);
  b->mod->top = top;
  if (!v)
    error_at(use, "'%s' is set at module level (%s) by Python tritonc cannot evaluate: %s",
             b->name, loc_text(b->node->loc), why);
  if (v->k == SV_TENSOR)
    error_at(b->node->loc, "module-level '%s' must be a compile-time constant", b->name);
  return v;
}

static SVal *eval_classdef(Sema *S, void *arg) { return at_binding(S, ((ExprArg *)arg)->b, nt_classdef); }

// class C(NamedTuple): ...  at module level, read by a kernel
static SVal *class_value(Sema *S, Loc use, Bind *b) {
  const char *why = NULL;
  ExprArg a = {b};
  Bind *top = b->mod->top;
  SVal *v = tentatively(S, eval_classdef, &a, &why);
  b->mod->top = top;
  if (!v)
    error_at(use, "'%s' is a class (%s) a kernel cannot use: %s", b->name, loc_text(b->loc), why);
  return v;
}

typedef struct EitherArg {
  Bind *b;
  Loc use;
} EitherArg;

static SVal *eval_bind(Sema *S, void *arg) {
  EitherArg *e = arg;
  return e->b ? bind_value(S, e->use, e->b) : NULL;
}

static bool same_global(SVal *a, SVal *b) {
  if (a == b)
    return true;
  if (!a || !b || a->k != b->k)
    return false;
  switch (a->k) {
  case SV_BUILTIN: return !strcmp(a->s, b->s) && !a->self && !b->self;
  case SV_MODULE: return !strcmp(a->s, b->s) && a->menv == b->menv;
  case SV_FUNC: return a->fn == b->fn;
  case SV_CLASS: return nt_same(a->cls, b->cls);
  case SV_DTYPE: return a->dt == b->dt && a->elt == b->elt;
  case SV_STR: return !strcmp(a->s, b->s);
  case SV_INT: case SV_BOOL: return a->i == b->i;
  case SV_FLOAT: return a->f == b->f;
  case SV_NONE: case SV_CONSTEXPR_T: return true;
  default: return false;
  }
}

// if helper(): from a import f   else: from b import f    (helper unknown): f on use
static SVal *either_value(Sema *S, Loc use, Bind *b) {
  const char *wa = NULL, *wb = NULL;
  EitherArg ea = {b->a, use}, eb = {b->b, use};
  SVal *va = tentatively(S, eval_bind, &ea, &wa), *vb = tentatively(S, eval_bind, &eb, &wb);
  if (va && vb && same_global(va, vb))
    return va;
  /* bound on one side only: reading it on the other would be a NameError, so a program that
   * runs took this side (`if has_triton(): import triton`) */
  if (va && !b->b)
    return va;
  if (vb && !b->a)
    return vb;
  error_at(use, "'%s' depends on the %s at %s, which tritonc cannot evaluate (%s)", b->name,
           b->node->kind == N_TRY ? "imports of the 'try'" : "condition", loc_text(b->loc), b->why);
}

static SVal *bind_value(Sema *S, Loc use, Bind *b) {
  if (b->cache)
    return b->cache;
  if (b->busy)
    error_at(use, "'%s' is defined in terms of itself (through the imports or globals at %s)",
             b->name, loc_text(b->loc));
  busy_push(b);
  SVal *v = NULL;
  switch (b->k) {
  case B_FUNC:
    v = sv_new(SV_FUNC);
    v->fn = b->node;
    v->menv = b->mod;
    break;
  case B_HOST:
    if (!(v = known_helper(b->name)))
      error_at(use, b->why, b->name);
    break;
  case B_EXPR: v = expr_value(S, use, b); break;
  case B_CLASS: v = class_value(S, use, b); break;
  case B_EITHER: v = either_value(S, use, b); break;
  case B_STAR: break; /* never found by a name (find_starred looks inside) */
  case B_ALIAS:
    if (builtin_module(b->path))
      v = builtin_alias(S, b);
    else if (!(v = known_helper(b->name)))
      v = user_alias(S, use, b);
    break;
  }
  busy_unwind(busy_n - 1);
  b->cache = v;
  return v;
}

/* `from P import *` binds P's public names (not those starting with '_') where it stands: a
 * name read later is searched in the bindings made after it, then in P (P's own star imports
 * included), then in those made before it. A module the search path lacks binds nothing here
 * (reading a name only it could give is the usual "not defined" error). */
static Bind *find_starred(Sema *S, Bind *b, const char *name, int depth) {
  for (; b; b = b->next) {
    if (b->k != B_STAR) {
      if (!strcmp(b->name, name))
        return b;
      continue;
    }
    if (name[0] == '_' || depth > 16 || builtin_module(b->path))
      continue;
    ModEnv *m = find_module(S, b->mod, b->path);
    Bind *r = m ? find_starred(S, m->top, name, depth + 1) : NULL;
    if (r)
      return r;
  }
  return NULL;
}

Loc module_binding_loc(ModEnv *me, const char *name, Loc otherwise) {
  Bind *b = find(me->top, name);
  return b ? b->loc : otherwise;
}

SVal *module_lookup(Sema *S, Loc loc, ModEnv *me, const char *name) {
  Bind *b = find_starred(S, me->top, name, 0);
  if (b)
    return bind_value(S, loc, b);
  if (!strcmp(name, "__name__")) {
    SVal *s = sv_new(SV_STR);
    s->s = me->name;
    return s;
  }
  return NULL;
}

// mymodule.helper, pkg.sub.helper (a package's submodule is read when first named)
SVal *module_attr(Sema *S, Loc loc, ModEnv *me, const char *attr) {
  SVal *v = module_lookup(S, loc, me, attr);
  if (v)
    return v;
  const char *base = path_base(me->file);
  const char *f = !strcmp(base, "__init__.py") ? module_file(me->dir, attr) : NULL;
  if (f) {
    ModEnv *m = NULL;
    for (ModEnv *x = S->mods; x && !m; x = x->next)
      m = !strcmp(x->file, f) ? x : NULL;
    const char *name = fmt("%s.%s", me->name, attr);
    return module_val(name, m ? m : load(S, f, name));
  }
  if (builtin_text(me->file))
    error_at(loc, "'%s.%s' is not among the helpers tritonc carries (runtime/inductor/%s)",
             me->name, attr, path_base(me->file));
  error_at(loc, "module '%s' (%s) has no attribute '%s'", me->name, me->file, attr);
}

/* ---- running the module level ---- */

static Bind *run(Sema *S, ModEnv *me, NodeList *body, Bind *top);

static SVal *eval_cond(Sema *S, void *arg) {
  Node *cond = arg;
  SVal *v = eval_host(S, cond);
  return sv_bool(sv_truthy(S, cond->loc, v));
}

/* After an undecided `if` or `try`: each name either branch bound is decided on use. */
static Bind *merge(ModEnv *me, Node *at, Bind *top, Bind *t, Bind *e, const char *why) {
  Bind *r = top;
  Bind *sides[2] = {t, e};
  for (int s = 0; s < 2; s++)
    for (Bind *b = sides[s]; b && b != top; b = b->next) {
      if (find(r, b->name) != find(top, b->name))
        continue; /* merged already */
      r = bind(me, r, b->name, B_EITHER, at->loc);
      r->a = find(t, b->name);
      r->b = find(e, b->name);
      r->node = at;
      r->why = why;
    }
  return r;
}

static Bind *run_if(Sema *S, ModEnv *me, Node *n, Bind *top) {
  const char *why = "host Python";
  ModEnv *env = S->env;
  me->top = top;
  S->env = me;
  SVal *c = n->a ? tentatively(S, eval_cond, n->a, &why) : NULL;
  S->env = env;
  if (c)
    return run(S, me, c->i ? &n->body : &n->orelse, top);
  return merge(me, n, top, run(S, me, &n->body, top), run(S, me, &n->orelse, top), why);
}

typedef enum { IMPORTS_OK, IMPORTS_FAIL, IMPORTS_UNKNOWN } ImportStatus;

/* Whether the imports of a `try:` body succeed: Triton's modules are known, others are found
 * in the search path or not known. */
static ImportStatus imports_status(Sema *S, ModEnv *me, NodeList *body, const char **why) {
  ImportStatus st = IMPORTS_OK;
  for (int i = 0; i < body->n; i++) {
    Node *s = body->v[i];
    for (int j = 0; s->kind == N_IMPORT && j < s->args.n; j++) {
      Bind b = {.path = s->args.v[j]->a->str, .from_ = s->ival != 0};
      const char *mod = module_part(&b);
      if (builtin_module(mod) ? !triton_has(mod) : false)
        return IMPORTS_FAIL;
      if (!builtin_module(mod) && !find_module(S, me, mod) && st == IMPORTS_OK) {
        st = IMPORTS_UNKNOWN;
        *why = fmt("module '%s' is not found in the search path: %s", mod, search_path(S));
      }
    }
  }
  return st;
}

static Bind *run_try(Sema *S, ModEnv *me, Node *n, Bind *top) {
  const char *why = NULL;
  switch (imports_status(S, me, &n->body, &why)) {
  case IMPORTS_OK: return run(S, me, &n->body, top);
  case IMPORTS_FAIL: return run(S, me, &n->orelse, top);
  default: return merge(me, n, top, run(S, me, &n->body, top), run(S, me, &n->orelse, top), why);
  }
}

static Bind *run_assign(ModEnv *me, Node *n, Bind *top) {
  Node *t = n->kind == N_ASSIGN ? n->args.v[0] : n->a;
  if (t->kind == N_NAME) {
    top = bind(me, top, t->str, B_EXPR, n->loc);
    top->node = n;
    top->env = top->next;
    return top;
  }
  for (int i = 0; (t->kind == N_TUPLE || t->kind == N_LIST) && i < t->args.n; i++)
    if (t->args.v[i]->kind == N_NAME) {
      top = bind(me, top, t->args.v[i]->str, B_HOST, t->loc);
      top->why = "module-level '%s' is host Python that cannot be used in a kernel";
    }
  return top;
}

static Bind *run(Sema *S, ModEnv *me, NodeList *body, Bind *top) {
  for (int i = 0; i < body->n; i++) {
    Node *n = body->v[i];
    switch (n->kind) {
    case N_IMPORT:
      for (int j = 0; j < n->args.n; j++) {
        if (!strcmp(n->args.v[j]->str, "*")) {
          top = bind(me, top, "*", B_STAR, n->args.v[j]->loc);
          top->path = n->args.v[j]->a->str;
          continue;
        }
        top = bind(me, top, n->args.v[j]->str, B_ALIAS, n->args.v[j]->loc);
        top->path = n->args.v[j]->a->str;
        top->from_ = n->ival != 0;
      }
      break;
    case N_ASSIGN: case N_ANNASSIGN: top = run_assign(me, n, top); break;
    case N_FUNCDEF:
      top = bind(me, top, n->str, n->body.n ? B_FUNC : B_HOST, n->loc);
      top->node = n;
      top->why = n->c ? fmt("'%%s' is a Python function whose body tritonc cannot read (%s: %s)",
                            loc_text(n->c->loc), percent_escaped(n->c->str))
                      : "'%s' is not a @triton.jit function; a kernel can call only @triton.jit "
                        "functions and Triton builtins";
      break;
    case N_CLASSDEF:
      top = bind(me, top, n->str, B_CLASS, n->loc);
      top->node = n;
      top->env = top->next;
      break;
    case N_IF: top = run_if(S, me, n, top); break;
    case N_TRY: top = run_try(S, me, n, top); break;
    default: break;
    }
  }
  me->top = top;
  return top;
}

static ModEnv *add_module(Sema *S, Module *m, const char *name) {
  ModEnv *me = arena_alloc(sizeof *me);
  me->file = m->file;
  me->dir = dir_of(m->file);
  me->name = name;
  me->m = m;
  me->next = S->mods;
  S->mods = me;
  return me;
}

static ModEnv *load(Sema *S, const char *file, const char *name) {
  size_t len;
  const char *text = builtin_text(file);
  if (text)
    len = strlen(text);
  else
    text = read_source(file, &len);
  if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
    text += 3;
    len -= 3;
  }
  source_register(file, text, len);
  ModEnv *me = add_module(S, parse_imported(file, text, len), name);
  run(S, me, &me->m->body, NULL);
  return me;
}

ModEnv *module_main(Sema *S, Module *m) {
  const char *base = path_base(m->file), *dot = strrchr(base, '.');
  ModEnv *me = add_module(S, m, dot ? xstrndup(base, (size_t)(dot - base)) : base);
  run(S, me, &m->body, NULL);
  return me;
}
