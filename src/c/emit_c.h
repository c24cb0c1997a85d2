/* emit_c.h — internals shared by the C emitter's files:
 *   emit_c.c      names, text, types, fusion groups, element access, statements, control flow
 *   emit_simd.c   elementwise groups as explicit vector code (runtime/tc_simd.h)
 *   emit_c_red.c  reductions, scans and data movement
 *   emit_c_dot.c  tl.dot
 *   emit_c_sort.c sort and top-k, gather, histogram
 *   emit_c_atomic.c tl.atomic_* as __atomic operations
 *   emit_c_file.c grid expressions, helpers, the program function, launcher and header
 * They print what c/plan.c decided (plan.h) and decide nothing the plan records.
 */
#ifndef EMIT_C_H
#define EMIT_C_H
#include "plan.h"

enum { H_F16 = 1, H_BF16 = 2, H_NANMM = 4, H_MATH = 8, H_WRAP = 16, H_SIMD = 32 };

typedef struct VInfo {
  const char *cname; /* C variable (array or scalar); NULL until named */
  const char *inl;   /* expression to use inside the current group instead of cname */
  const CVal *plan;   /* the plan's decisions for the value */
  const char *in_place; /* a tl.dot operand tile: NAME (tc_tile_at) and NAME_at, where it lies (or NULL) */
  const char *kept;     /* a tl.dot operand tile: NAME, its copy kept across programs */
  const char *panel;    /* a tl.dot with CVal.panel: the name of its K loop's panel */
} VInfo;

/* A wrapping integer helper, tc_OP_SIG (O_ADD, O_SUB, O_MUL, O_SHL or O_SHR on type t): the
 * definitions of TC_WRAP_OPS and TC_SHIFT_OPS in runtime/tc_helpers.h, written into the file
 * one by one (emit_c_file.c). used: the body the file keeps calls it (an expression built and
 * then left out, as a contiguous index whose only use a bounds check decided, calls nothing). */
typedef struct Wrap {
  OpKind k;
  DType t;
  const char *name; /* tc_OP_SIG */
  bool used;
} Wrap;

/* A tl.bitcast helper, tc_bitcast_FROM_TO (emit_c_file.c writes its definition). */
typedef struct BitCast {
  DType from, to;
  const char *name;
} BitCast;

typedef struct Em {
  Buf *o;
  Kernel *k;
  const CPlan *plan;   /* k->cplan */
  int ind;
  int last_line;
  unsigned need;
  int ntemp;
  Names names;         /* C names taken (names_push, names_truncate; support/names.c) */
  Vec bitcasts; /* the tl.bitcast helpers needed (BitCast *, in the order first needed) */
  bool calls;   /* the current group calls a function that blocks vectorisation */
  Vec wraps;    /* wrapping integer helpers called (Wrap *, in the order first called) */
  int npf;        /* prefetch sites named so far */
  Vec pf_pend;    /* load ops whose next-program prefetch waits for the block's next group */
  Block *pf_block;
  Shape pf_shape;
  Vec pf_bases;   /* base pointers (Value *) whose loads have a prefetch site already */
  bool pf_gated;       /* a prefetch site tests tc_pf_on */
  bool nt_used;        /* a store may stream (tc_nt_on) */
  Vec nt_stores;       /* store ops emitted as tc_f32_store_nt (their prefetches yield) */
  int nkeep;           /* kept-tile sites emitted */
} Em;

typedef const char *Idx[MAXRANK];
extern const char *const IDX[MAXRANK];

/* emit_c.c */
VInfo *vi(Value *v);
const CVal *cv(Value *v); /* the plan's decisions for v */
void bind_plan(const Kernel *k); /* every value's VInfo.plan */
const char *unique_name(Em *E, const char *base);
void names_push(Em *E, const char *s);
void names_truncate(Em *E, int n);
const char *cname(Em *E, Value *v);
void line(Em *E, const char *f, ...) __attribute__((format(printf, 2, 3)));
void src_comment(Em *E, Loc loc);
const char *ctype(DType t, DType elt);
const char *const_lit(Op *op);
const char *const_decl(const char *type, const char *name);
bool is_remat(Value *v); /* cv(v)->remat */
const char *red_identity_of(Op *r);
const char *dims_decl(Shape s);
const char *index_str(Shape s, const char *const *idx);
const char *access(Em *E, Value *v, const char *const *idx);
void view_src_index(Op *d, const char *const *idx, const char **n);
int idx_level(const char *s); /* 1 + k for the group loop index IDX[k], else 0 (a "0" index) */
const char *fsuf(DType t);
const char *bits_type(DType t);
const char *round_to(Em *E, DType t, const char *x);
const char *math_call(Em *E, OpKind k, DType t, const char *a);
const char *cast_expr(Em *E, Value *from, DType to, const char *a);
const char *ew_binary(Em *E, OpKind k, DType t, const char *a, const char *b);
const char *ew_op_binary(Em *E, const Op *op, DType t, const char *a, const char *b);
const char *bool_logic(Op *op, const char *a, const char *b);
const char *ew_expr(Em *E, Op *op, const char *const *idx);
const char *load_expr(Em *E, DType elt, const char *p);
const char *store_val(Em *E, DType elt, const char *v);
bool inlinable(Value *v);
void emit_ew_stmt(Em *E, Op *op, const char *const *idx);
void emit_block(Em *E, Block *b);
void emit_op(Em *E, Op *op);
const char *decl_of(Em *E, Value *v);
void open_loops(Em *E, Shape s, const char *const *idx, bool simd);
void close_loops(Em *E, Shape s);
void declare_results(Em *E, Op *op);
void emit_copy(Em *E, const char *dst, Value *src); /* tile or scalar src into variable dst */
Op *last_op(Block *b);

typedef struct Pulled {
  Value *v;
  const char *idx[MAXRANK];
  int level; /* 1 + the deepest group loop its indices use */
  bool conflict;
} Pulled;
void collect_pulled(Em *E, Op **ops, int n, Vec *pulled);
void emit_pulled_at(Em *E, Vec *pulled, int level);
void emit_pulled_only(Em *E, Vec *pulled, int level);
void emit_pulled(Em *E, Pulled *p); /* one pulled value's statement */
void clear_pulled(Vec *pulled);

/* emit_simd.c */
bool emit_group_simd(Em *E, Op **ops, int n, Vec *pulled, Op **red, int nred);

/* emit_c_dot.c */
void emit_dot(Em *E, Op *op);
void emit_dot_panels_open(Em *E, Block *b);  /* before a for loop whose body is b */
void emit_dot_panels_close(Em *E, Block *b); /* after it */
/* emit_c_atomic.c */
void emit_atomic(Em *E, Op *op);

/* emit_c_red.c */
void emit_reduce_or_scan(Em *E, Op *op);
void emit_movement(Em *E, Op *op);

/* emit_c_sort.c */
void emit_sort_op(Em *E, Op *op); /* tl.sort / tl.topk, tl.gather, tl.histogram */

#endif
