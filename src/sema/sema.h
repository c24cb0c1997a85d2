/* sema.h — internals shared by the specialiser's files:
 *   sema.c      statements, control flow, calls, environments, the kernel signature
 *   sema_ops.c  Triton's typing rules: promotion, broadcasting, casts, binary/unary ops
 *   dot.c       tl.dot and `@`: shapes, operand and accumulator types
 *   builtins.c  the tl.* / tl.math / libdevice functions and tensor methods
 *   module.c    the module level: which value each global name has, imported modules
 *   sort.c      tl.sort / tl.topk / tl.gather / tl.histogram
 *   inductor.c  the decorators of torch.compile's kernels, and the signature they give
 * Sema abstract-interprets the AST: Python values (constexprs) are folded with Python
 * semantics, tensors become tile-IR values appended to the current block.
 */
#ifndef SEMA_H
#define SEMA_H
#include "tritonc.h"

#define TRITON_VERSION "3.6.0" /* triton.__version__: the Triton tests/conformance recorded */

/* The module of Inductor's kernel decorators (@triton_heuristics.pointwise(...)), built in:
 * its decorators are the builtin "inductor.heuristics", accepted and not evaluated. */
#define INDUCTOR_DECORATORS "torch._inductor.runtime.triton_heuristics"


/* Kinds of abstract values; the comment names the SVal fields each uses. */
typedef enum SKind {
  SV_NONE,     /* - */
  SV_INT,      /* i */
  SV_FLOAT,    /* f */
  SV_BOOL,     /* i */
  SV_STR,      /* s */
  SV_DTYPE,    /* dt, elt (pointer types) */
  SV_TUPLE,    /* items, n (lists too) */
  SV_DICT,     /* items: key, value, key, value...; n */
  SV_TENSOR,   /* v (rank 0: a runtime scalar) */
  SV_FUNC,     /* fn: N_FUNCDEF, mod */
  SV_BUILTIN,  /* s: builtin name, self: bound receiver or NULL */
  SV_MODULE,   /* s: dotted path */
  SV_SLICE,    /* items[0..2]: start, stop, step (SV_NONE if absent) */
  SV_CONSTEXPR_T, /* the tl.constexpr annotation itself */
  SV_CONFIG,   /* triton.Config: items[0] = dict of kwargs, items[1] = num_warps */
  SV_BLOCKPTR, /* bp: a block pointer (tl.make_block_ptr) */
  SV_TDESC,    /* bp (no offsets): a tensor descriptor (tl.make_tensor_descriptor) */
  SV_CLASS,    /* cls: a NamedTuple class (namedtuple.c) */
} SKind;

/* A block pointer or tensor descriptor: scalars only, lowered at each load/store (blockptr.c). */
typedef struct BlockPtr {
  int rank;
  struct Value *base;              /* scalar pointer (*i1 bases are read as *i8) */
  struct SVal *shape[MAXRANK];     /* ints or int64 scalar tensors */
  struct SVal *strides[MAXRANK];   /* ints or int64 scalar tensors */
  struct SVal *offsets[MAXRANK];   /* ints or int64 scalar tensors; unused by descriptors */
  int block[MAXRANK], order[MAXRANK];
  int padding;                     /* descriptors: 1 zero, 2 nan */
} BlockPtr;

typedef struct ModEnv ModEnv;
struct Scope;

/* A NamedTuple class: `class C(typing.NamedTuple)` with annotated fields, or
 * collections.namedtuple(...) / typing.NamedTuple(...) (namedtuple.c). */
typedef struct NTClass {
  const char *name;
  int n;
  const char **fields;
  struct SVal **defaults; /* per field; NULL: required */
} NTClass;

typedef struct SVal {
  SKind k;
  int64_t i;
  double f;
  const char *s;
  DType dt, elt;
  Value *v;
  struct SVal **items;
  int n;
  Node *fn;
  struct SVal *self;
  bool u64; /* SV_INT: i holds the bits of an unsigned 64-bit literal */
  bool list; /* SV_TUPLE: a Python list of host code (append/extend change it in place) */
  ModEnv *menv; /* SV_FUNC: the module defining it; SV_MODULE: a module tritonc read, or NULL */
  BlockPtr *bp;
  NTClass *cls; /* SV_CLASS: the class; SV_TUPLE: a NamedTuple's class (NULL: a plain tuple) */
  struct Scope *clo; /* SV_FUNC: the enclosing function's names (a def or lambda in host code) */
} SVal;

/* One name bound at module level, newest first; never changed once made (module.c). */
typedef enum BindKind {
  B_EXPR,   /* node: N_ASSIGN/N_ANNASSIGN, evaluated on first use with env (what preceded it) */
  B_ALIAS,  /* path: an import's dotted path (from_: `from P import n` gives "P.n") */
  B_FUNC,   /* node: N_FUNCDEF */
  B_HOST,   /* why: a message, e.g. a plain `def` or a name unpacked from host Python */
  B_EITHER, /* a, b: the bindings after an `if` or `try` tritonc cannot decide (NULL: none); why */
  B_STAR,   /* path: the module of `from P import *`, searched for the names read after it */
  B_CLASS,  /* node: N_CLASSDEF, evaluated on first use with env (what preceded it) */
} BindKind;

typedef struct Bind {
  const char *name;
  BindKind k;
  Loc loc;
  Node *node;
  const char *path, *why;
  bool from_, busy; /* busy: being evaluated (a cycle of imports or of globals) */
  struct Bind *env, *a, *b, *next;
  ModEnv *mod;
  SVal *cache;
} Bind;

/* A Python module: the kernel's file or one it imports. */
struct ModEnv {
  const char *file, *dir, *name; /* name: `__name__` */
  Module *m;
  Bind *top; /* the module's names once its statements ran */
  ModEnv *next;
};

typedef struct Var {
  const char *name;
  SVal *val;
} Var;

typedef struct Scope {
  Var *vars;
  int n, cap;
} Scope;

typedef struct Frame {
  Node *fn;
  struct Frame *up;
  Loc call_loc;
  bool in_loop; /* called (directly or through its callers) from inside a for or while */
} Frame;

typedef struct Sema {
  Module *mod;      /* the kernel's file */
  ModEnv *env;      /* the module whose globals names resolve in (the running function's) */
  ModEnv *mods;     /* every module read so far */
  Kernel *k;
  const Options *opts;
  Block *cur;       /* ops are appended here */
  Scope *scope;     /* current function's variables */
  Frame *frame;     /* inlining stack (recursion check) */
  int loop_depth;   /* > 0 inside for/while: return is rejected */
  bool returned;    /* the current statement list has executed a return */
  SVal *retval;
  Node *call;       /* the call being evaluated (positions of its keyword arguments) */
  bool host;        /* evaluating host Python (module level, decorators): host.c's constructs */
} Sema;

/* dot.c: tl.dot / `@` (a, b: operands; acc or NULL; precision as given or NULL) */
Value *sema_dot(Sema *S, Loc loc, Value *a, Value *b, Value *acc, const char *precision,
                DType out_dtype, int imprecise /* max_num_imprecise_acc, -1 when not given */);
const char *dot_precision(Loc loc, const char *given); /* Triton's name, or a positioned error */

/* dot_scaled.c: tl.dot_scaled; [0] is the lhs, [1] the rhs; scale NULL: None; fmt: "e2m1", ... */
typedef struct DotScaled {
  Value *v[2], *scale[2], *acc;
  const char *fmt[2];
  bool k_pack[2], fast_math;
  DType out_dtype;
} DotScaled;
Value *sema_dot_scaled(Sema *S, Loc loc, const DotScaled *d);

/* sema.c */
SVal *sv_new(SKind k);
SVal *sv_int(int64_t i);
SVal *sv_float(double f);
SVal *sv_bool(bool b);
SVal *sv_tensor(Value *v);
SVal *sv_tuple(int n);
SVal *eval_expr(Sema *S, Node *n);
SVal *eval_or_null(Sema *S, Node *n); /* eval_expr, or NULL (no trace) where it is a user error */
SVal *eval_or_why(Sema *S, Node *n, const char **why); /* eval_or_null, the error's text in *why */
SVal *call_or_why(Sema *S, Loc loc, SVal *fn, SVal **args, int nargs, const char **why);
SVal *attr_or_why(Sema *S, Loc loc, SVal *obj, const char *name, const char **why);
const char *sv_kind_name(const SVal *v);
bool sv_is_number(const SVal *v);
bool sv_truthy(Sema *S, Loc loc, SVal *v);
SVal *call_value(Sema *S, Loc loc, SVal *fn, SVal **args, int nargs, const char **kwn,
                 SVal **kwv, int nkw);
SVal *decorate_value(Sema *S, SVal *f, Node *deco); /* triton.jit(f): f with @deco outermost */

void bind_target(Sema *S, Node *t, SVal *v); /* `t = v` in the current scope */
Scope *scope_clone(const Scope *s);

/* host.c: host Python (module-level values, decorator arguments, plain functions) */
SVal *eval_host(Sema *S, Node *n); /* eval_expr with Sema.host set */
SVal *eval_comp(Sema *S, Node *n); /* N_COMP */
SVal **host_items(Sema *S, Loc loc, SVal *v, int *n); /* what `for x in v` walks */
bool host_builtin_name(const char *name); /* a builtin host_call evaluates: py.filter, ... */
SVal *host_call(Sema *S, Loc loc, const char *name, SVal *self, SVal **a, int na, const char **kwn,
                SVal **kwv, int nkw); /* self: the dict of dict.get and the like */
SVal *host_module_attr(Loc loc, const char *path, const char *attr); /* os, torch.version; or NULL */
SVal *host_attr(Loc loc, SVal *obj, const char *name); /* triton.Config's fields; or NULL */

/* module.c */
ModEnv *module_main(Sema *S, Module *m);
SVal *module_lookup(Sema *S, Loc loc, ModEnv *me, const char *name); /* NULL: not bound */
SVal *module_attr(Sema *S, Loc loc, ModEnv *me, const char *attr);
Loc module_binding_loc(ModEnv *me, const char *name, Loc otherwise); /* where name is bound last */

/* namedtuple.c: NamedTuple classes and their instances (SV_TUPLE with cls) */
NTClass *nt_class(Loc loc, const char *name, int n, const char **fields, SVal **defaults);
SVal *nt_class_value(NTClass *c);
bool nt_same(const NTClass *a, const NTClass *b);
SVal *sv_tuple_like(const SVal *t); /* an empty tuple of t's size and class */
SVal *nt_construct(Sema *S, Loc loc, NTClass *c, SVal **args, int nargs, const char **kwn,
                   SVal **kwv, int nkw); /* C(a, b, field=c) */
SVal *nt_attr(Sema *S, Loc loc, SVal *obj, const char *name); /* t.field, C._fields */
const char *nt_text(const SVal *t, const char *(*item)(SVal *)); /* C(f=..., g=...) */
SVal *nt_classdef(Sema *S, Node *c); /* the class a module-level `class` statement makes */

/* inductor.c */
bool inductor_deco(Sema *S, Node *d); /* @triton_heuristics.pointwise(...) and the like */
const char *inductor_signature(Sema *S, Node *fn); /* from triton_meta; NULL: none */

/* sema_ops.c */
Value *emit1(Sema *S, OpKind k, Loc loc, DType dt, Shape sh, int nin, Value **in);
Value *const_value(Sema *S, Loc loc, DType dt, int64_t i, double f);
DType number_dtype(Sema *S, Loc loc, SVal *v);
Value *to_tensor(Sema *S, Loc loc, SVal *v);
Value *to_tensor_as(Sema *S, Loc loc, SVal *v, DType dt);
Value *cast_to(Sema *S, Loc loc, Value *v, DType dt);
/* .to(dt, fp_downcast_rounding=...): rounding 0 (rtne) or CAST_RTZ */
Value *cast_round(Sema *S, Loc loc, Value *v, DType dt, int rounding);
Value *bitcast_to(Sema *S, Loc loc, Value *v, DType dt);
Value *broadcast_to(Sema *S, Loc loc, Value *v, Shape sh);
Value *reshape_to(Sema *S, Loc loc, Value *v, Shape sh);
Shape broadcast_shapes(Sema *S, Loc loc, Shape a, Shape b);
void check_shape(Sema *S, Loc loc, Shape sh);
SVal *binary(Sema *S, Loc loc, PyOp op, SVal *a, SVal *b);
SVal *unary(Sema *S, Loc loc, PyOp op, SVal *a);
SVal *py_binary(Sema *S, Loc loc, PyOp op, SVal *a, SVal *b); /* constexpr folding */
int64_t py_int_neg(Loc loc, int64_t x);                      /* -x, with Python's overflow */
Value *tensor_binop(Sema *S, Loc loc, OpKind k, Value *a, Value *b); /* same dtype, broadcast */
Value *tensor_cmp(Sema *S, Loc loc, OpKind k, Value *a, Value *b);
Value *tensor_select(Sema *S, Loc loc, Value *c, Value *a, Value *b);
void promote_pair(Sema *S, Loc loc, SVal *a, SVal *b, bool div_or_mod, Value **ra, Value **rb);
void promote_same(Sema *S, Loc loc, SVal *a, SVal *b, bool div_or_mod, Value **ra, Value **rb);
Value *to_bool(Sema *S, Loc loc, Value *v);

/* builtins.c */
SVal *lookup_module_attr(Sema *S, Loc loc, const char *path, const char *attr);
SVal *tensor_attr(Sema *S, Loc loc, SVal *t, const char *attr);
SVal *attr_of(Sema *S, Loc loc, SVal *obj, const char *name); /* obj.name */
SVal *call_builtin(Sema *S, Loc loc, SVal *fn, SVal **args, int nargs, const char **kwn,
                   SVal **kwv, int nkw);
SVal *reduce_with_region(Sema *S, Loc loc, OpKind kind, SVal **ins, int nin, int axis,
                         SVal *combine, bool keep_dims, bool reverse);

/* sort.c */
Value *sema_sort(Sema *S, Loc loc, const char *fn, Value *x, bool has_dim, int64_t dim, bool desc,
                 int64_t k);
Value *sema_gather(Sema *S, Loc loc, Value *src, Value *index, int64_t axis);
Value *sema_histogram(Sema *S, Loc loc, Value *x, int64_t bins, Value *mask);

/* random.c: tl.rand, randn, randint, randint4x, rand4x, randn4x, philox, uint_to_uniform_float,
 * pair_uniform_to_normal (name without "tl."); a: the positional arguments */
SVal *random_call(Sema *S, Loc loc, const char *name, SVal **a, int64_t n_rounds);

/* blockptr.c: block pointers and tensor descriptors, lowered to pointer tiles and masks */
SVal *blockptr_make(Sema *S, Loc loc, SVal *base, SVal *shape, SVal *strides, SVal *offsets,
                    SVal *block_shape, SVal *order);
SVal *blockptr_advance(Sema *S, Loc loc, SVal *ptr, SVal *offsets);
SVal *blockptr_load(Sema *S, Loc loc, SVal *ptr, SVal *boundary_check, SVal *padding,
                    bool mask_or_other);
void blockptr_store(Sema *S, Loc loc, SVal *ptr, SVal *value, SVal *boundary_check,
                    bool has_mask);
SVal *tdesc_make(Sema *S, Loc loc, const char *fn, SVal *base, SVal *shape, SVal *strides,
                 SVal *block_shape, SVal *padding); /* fn: the name errors give */
SVal *tdesc_load(Sema *S, Loc loc, SVal *desc, SVal *offsets);
void tdesc_store(Sema *S, Loc loc, SVal *desc, SVal *offsets, SVal *value);
SVal *blockptr_copy(const SVal *b, BlockPtr **fields);
void tdesc_atomic(Sema *S, Loc loc, const char *op, SVal *desc, SVal *offsets, SVal *value);
SVal *blockptr_field(SVal *v, const char *attr); /* block_shape, shape, strides, dtype; or NULL */
bool blockptr_same_frame(const SVal *a, const SVal *b); /* equal but for the offsets */
SVal *blockptr_with_offsets(const SVal *bp, SVal *const *offsets);

/* atomic.c: tl.atomic_OP (op: "add", ..., "cas"); for cas, mask_or_cmp is cmp */
void atomic_half_minmax(Sema *S, Loc loc, bool mx, Value *p, Value *v, Value *m);
SVal *atomic_call(Sema *S, Loc loc, const char *op, SVal *ptr, SVal *val, SVal *mask_or_cmp,
                  SVal *sem, SVal *scope);

#endif
