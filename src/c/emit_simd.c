/* emit_simd.c — an elementwise group as explicit vector code over runtime/tc_simd.h.
 *
 * The innermost tile dimension is walked TC_VLEN lanes at a time (TC_VLEN is 16, 8 or 4 as
 * the compiler's target decides, so the group's inner dimension must be a multiple of 16).
 * Each value is seen in one of three forms (Triton's AxisInfo idea, reduced to what the CPU
 * needs): uniform across the lanes (a scalar expression), contiguous (base + lane: aranges and
 * offsets built from them), or a general vector. A load or store through a contiguous pointer
 * becomes one (masked) vector access; through a general pointer tile, a gather or scatter.
 * int64 index math has no vector form and needs none where the axis facts (ir/axis.c) say a
 * value is contiguous or constant along the lanes (wide_binary). A comparison the facts' ranges
 * decide is a constant mask, and a divisor they prove constant a multiply (int_divc). fp16 and bf16 values are fp32
 * vectors holding values of the type, as on the scalar path: loads and stores convert, and each
 * op the scalar path rounds (tc_round_f16) is rounded the same way (rounded), so both paths
 * give the same bits. An integer // or % by a constant is a multiply (int_divc). Groups with
 * types or ops the layer does not cover (int64 data, fp64, bit casts, ...) stay on the scalar
 * path, which the compiler may still auto-vectorise.
 *
 * Contiguous loads and stores also get a software prefetch of the same access one program (or
 * one loop trip) ahead: tc_prefetch_next learns, per site and thread, how far the site's first
 * address moved last time. Hardware prefetchers stop at 4 KiB pages, so without it each
 * program's first touch of a row waits for memory while no computation overlaps it. A load's
 * prefetch goes into the block's next group of the same shape when there is one (the next
 * program's row then arrives while this program computes), else into the load's own loop.
 *
 * A loop whose body has bounds checks on the lanes (`offs < n`: masks of a partial block) runs
 * first over the whole vectors in bounds, where the checks are constant, then masked over the
 * rest (full_vectors).
 *
 * A group of a few rows reduced along the lanes (a row sum over BLOCK_M rows) runs with its
 * rows inside the vector loop (emit_jammed): one vector of every row per trip.
 */

#include "emit_c.h"

#include <string.h>

typedef enum { VU, VC, VV } VKind;

typedef struct VX {
  VKind k;
  char t;           /* 'f' fp32 (fp16 / bf16 values too), 'i' int32, 'l' int64 (VU / VC only),
                       'm' mask (int1), 'p' pointer */
  DType elt;        /* pointee of a pointer */
  const char *e;    /* VU: scalar expression; VC: expression of lane 0; VV: vector expression */
  const char *gidx; /* VV pointer: int32 index vector (gather / scatter), e is the base */
  const char *x0;   /* VU / VC: e spelled without the group's own locals (see full_vectors) */
  bool by_loop;     /* a mask true because the loop runs over whole vectors in bounds only */
  bool decided;     /* a mask the same on every lane and trip: `holds` (e is "1" or "0") */
  bool holds;
} VX;

/* A bounds check: the comparison, and the scalar condition under which it holds on every lane
 * of a vector (bounds_check, lower_check, or a row's bound) */
typedef struct Cond {
  Op *op;
  const char *c;
  const char *idx[MAXRANK]; /* where op was evaluated */
} Cond;

typedef struct Sim {
  Em *E;
  Shape s;
  bool fail;
  Vec keys, vals; /* cache: Value* -> VX* (in-group and pulled values) */
  Vec pf_decl;    /* declarations of prefetch sites, placed before the loop nest */
  Vec conds;      /* the bounds checks found (Cond *) that the loop over whole vectors may
                     require (full_vectors) */
  bool full;      /* emitting the loop over whole vectors: those checks are true */
  Vec lane0;      /* there: each contiguous index local (Value *) whose uses may all be decided */
  Vec declared;   /* the values this pass of the body declares as locals (Value *) */
  Vec pf_ptrs;    /* and the pointers its prefetch sites print (Value *) */
  Vec locals;     /* the vector locals the body being emitted declared: Value*, then its name */
  Vec unread;     /* the operands its decided tl.wheres left out, once per such use */
  Vec unread_logic; /* and those its decided `&` / `|` left out (`m & never`) */
  Op *direct;     /* the check nest of a tl.dot operand read in place: this load only checks */
  const char *dn; /* and the tc_tile_at that check fills */
  bool dkeep;     /* that check is a kept tile's key (no prefetch: a kept copy needs none) */
} Sim;

/* Is ix the index of the innermost group loop, the one the lanes walk? */
static bool is_lane(Sim *S, const char *ix) { return idx_level(ix) == S->s.rank; }

static VX *mk(VKind k, char t, const char *e) {
  VX *x = arena_alloc(sizeof *x);
  x->k = k;
  x->t = t;
  x->e = x->x0 = e;
  return x;
}

/* x under the name n: same kind and type */
static VX *renamed(VX *x, const char *n) {
  VX *r = arena_alloc(sizeof *r);
  *r = *x;
  r->e = n;
  return r;
}

/* a mask true (or false) on every lane and trip */
static VX *decided_mask(bool holds) {
  VX *m = mk(VU, 'm', holds ? "1" : "0");
  m->decided = true;
  m->holds = holds;
  return m;
}

/* 1 / 0 for a mask decided true / false on every lane, -1 otherwise */
static int mask_const(VX *m) { return m->decided ? m->holds : -1; }

static VX *failed(Sim *S) {
  S->fail = true;
  return mk(VU, 'f', "0");
}

static char tchar(DType t) {
  switch (t) {
  case DT_F32: case DT_F16: case DT_BF16: return 'f';
  case DT_I32: return 'i';
  case DT_I64: return 'l';
  case DT_I1: return 'm';
  case DT_PTR: return 'p';
  default: return 0;
  }
}

static VX *cached(Sim *S, Value *v) {
  for (int i = 0; i < S->keys.n; i++)
    if (S->keys.v[i] == v)
      return S->vals.v[i];
  return NULL;
}

static void cache(Sim *S, Value *v, VX *x) {
  vec_push(&S->keys, v);
  vec_push(&S->vals, x);
}

/* An fp32 vector result of an op whose type t is fp16 or bf16, rounded to t: what round_to
 * does on the scalar path, lane by lane. */
static const char *rounded(DType t, const char *e) {
  if (t == DT_F16)
    return fmt("tc_f32_round_f16(%s)", e);
  if (t == DT_BF16)
    return fmt("tc_f32_round_bf16(%s)", e);
  return e;
}

static bool half(DType t) { return t == DT_F16 || t == DT_BF16; }

/* The vector form of x (splat / iota as needed). */
static const char *vec(Sim *S, VX *x) {
  if (x->k == VV)
    return x->e;
  switch (x->t) {
  case 'f': return fmt("tc_f32_splat(%s)", x->e);
  case 'i': return x->k == VC ? fmt("tc_i32_iota(%s)", x->e) : fmt("tc_i32_splat(%s)", x->e);
  case 'm': return fmt("(%s ? tc_mask_true() : tc_mask_false())", x->e);
  default: S->fail = true; return "0";
  }
}

static VX *vx(Sim *S, Value *v, const char *const *idx);
static VX *binary_plain(Sim *S, Op *op, VX *a, VX *b);

/* An array element read: a vector load when the lane walks the array's last dimension. */
static VX *array_read(Sim *S, Value *v, const char *const *idx) {
  char t = tchar(v->dt);
  int lane = -1;
  for (int d = 0; d < v->sh.rank; d++)
    if (v->sh.d[d] != 1 && is_lane(S, idx[d]))
      lane = d;
  const char *el = fmt("%s%s", cname(S->E, v), index_str(v->sh, idx));
  if (lane < 0)
    return t ? mk(VU, t, el) : failed(S);
  for (int d = lane + 1; d < v->sh.rank; d++)
    if (v->sh.d[d] != 1)
      return failed(S);
  if (t == 'f')
    return mk(VV, 'f', fmt("tc_f32_load(&%s)", el));
  if (t == 'i')
    return mk(VV, 'i', fmt("tc_i32_load(&%s)", el));
  return failed(S);
}

static VX *view(Sim *S, Op *d, const char *const *idx) {
  Value *src = d->nin ? d->in[0] : NULL;
  Idx n = {0};
  switch (d->k) {
  case O_CONST: case O_ARG: {
    char t = tchar(d->out[0]->dt);
    return t ? mk(VU, t, access(S->E, d->out[0], NULL)) : failed(S);
  }
  case O_SPLAT: return vx(S, src, NULL);
  case O_ARANGE: {
    const char *e = d->ival ? fmt("(%lld + %s)", (long long)d->ival, idx[0]) : idx[0];
    return mk(is_lane(S, idx[0]) ? VC : VU, 'i', e);
  }
  default: /* broadcast, or a reshape adding or dropping size-1 dims */
    view_src_index(d, idx, n);
    return vx(S, src, n);
  }
}

static const char *fname(OpKind k) {
  switch (k) {
  case O_ADD: return "add"; case O_SUB: return "sub"; case O_MUL: return "mul";
  case O_DIV: return "div"; case O_MIN: return "min"; case O_MAX: return "max";
  case O_MINP: return "minp"; case O_MAXP: return "maxp"; case O_POW: return "pow";
  case O_AND: return "and"; case O_OR: return "or"; case O_XOR: return "xor";
  case O_SHL: return "shl"; case O_SHR: return "shr";
  case O_LT: return "lt"; case O_LE: return "le"; case O_GT: return "gt";
  case O_GE: return "ge"; case O_EQ: return "eq"; case O_NE: return "ne";
  case O_EXP: return "exp"; case O_EXP2: return "exp2"; case O_LOG: return "log";
  case O_LOG2: return "log2"; case O_SIN: return "sin"; case O_COS: return "cos";
  case O_TANH: return "tanh"; case O_ERF: return "erf"; case O_SQRT: return "sqrt";
  case O_ABS: return "abs";
  default: return NULL;
  }
}

/* 1 if the comparison op holds for every lane and trip, 0 if for none, -1 if not known: the
 * axis facts' range of its result (ir/axis.c) */
static int decided(const Op *op) {
  int64_t c;
  return ax_const(op->out[0], &c) ? (int)c : -1;
}

/* Bounds checks whose truth on every lane is one scalar condition decide the loop split of
 * full_vectors: a contiguous index against a uniform bound (the lanes' columns), and a uniform
 * order comparison (the row of a 2D tile against M: true in all rows but the last block's).
 * A check that fails only sends its vectors to the masked loop.
 *
 * For `c < u` (or `<=`, or the mirrored `u > c`, `u >= c`) with c contiguous along the lanes
 * and u uniform: the scalar condition under which it holds on every lane of the vector, else
 * NULL. Lane l holds c + l, so the lanes' largest value is c + TC_VLEN - 1; computed in int64,
 * and when it is below u no lane's int32 value wraps. The condition is false from some vector
 * on (c grows with the loop index), so a loop can run while it holds (full_vectors). */
static const char *bounds_check(VX *a, VX *b, OpKind k) {
  if (a->k == VU && b->k == VC && (k == O_GT || k == O_GE)) {
    VX *t = a;
    a = b, b = t, k = k == O_GT ? O_LT : O_LE;
  }
  if (a->k != VC || b->k != VU || (k != O_LT && k != O_LE))
    return NULL;
  return fmt("(int64_t)%s + TC_VLEN%s <= (int64_t)%s", a->x0, k == O_LT ? "" : " - 1", b->x0);
}

/* A lower bound of a contiguous int64 index (`idx >= 0`: the checked dimensions of a block
 * pointer, sema/blockptr.c): it holds on every lane of a vector when it holds on lane 0, and
 * keeps holding as the index grows, so the loop over whole vectors may require it. */
static const char *lower_check(VX *a, VX *b, OpKind k) {
  if (a->k == VU && b->k == VC && (k == O_LT || k == O_LE)) {
    VX *t = a;
    a = b, b = t, k = k == O_LT ? O_GT : O_GE;
  }
  if (a->k != VC || b->k != VU || (k != O_GT && k != O_GE))
    return NULL;
  return fmt("(int64_t)%s %s (int64_t)%s", a->x0, k == O_GT ? ">" : ">=", b->x0);
}

/* Do a and b hold the same values, computed the same way from the same operands (an arange, an
 * index, a bound written twice in the kernel: `k0 + offs_k < K` in the masks of both tl.dot
 * operands)? Only pure index math compares equal; a load or a region never does. */
static bool same_value(const Value *a, const Value *b) {
  if (a == b)
    return true;
  const Op *x = a->def, *y = b->def;
  if (!x || !y || x->k != y->k || a->dt != b->dt || !shape_eq(a->sh, b->sh) || x->nin != y->nin ||
      x->nout != 1 || y->nout != 1 || x->nreg || y->nreg)
    return false;
  int c = op_class[x->k];
  bool pure = c == K_BINARY || c == K_CMP || c == K_UNARY || c == K_TERNARY ||
              x->k == O_CONST || x->k == O_SPLAT || x->k == O_BROADCAST || x->k == O_RESHAPE ||
              x->k == O_ARANGE || x->k == O_PROGRAM_ID;
  if (!pure || x->ival != y->ival || x->flags != y->flags || x->axis != y->axis ||
      memcmp(&x->fval, &y->fval, sizeof x->fval) || (x->str != y->str && (!x->str || !y->str ||
                                                                        strcmp(x->str, y->str))))
    return false;
  for (int i = 0; i < x->nin; i++)
    if (!same_value(x->in[i], y->in[i]))
      return false;
  return true;
}

/* Do comparisons x and y check the same bound (`c < u` and `u > c` alike)? */
static bool same_check(const Op *x, const Op *y) {
  if (x == y)
    return true;
  OpKind m = y->k == O_LT ? O_GT : y->k == O_GT ? O_LT : y->k == O_LE ? O_GE : y->k == O_GE ? O_LE : y->k;
  return (x->k == y->k && same_value(x->in[0], y->in[0]) && same_value(x->in[1], y->in[1])) ||
         (x->k == m && same_value(x->in[0], y->in[1]) && same_value(x->in[1], y->in[0]));
}

/* The bounds check op, which holds on every lane of a vector under the scalar condition c: the
 * loop over whole vectors (full_vectors) holds it true (that mask, or NULL elsewhere); the
 * first loop to see it (the masked one) records it. */
static VX *loop_bound(Sim *S, Op *op, const char *const *idx, const char *c) {
  bool seen = false;
  for (int i = 0; i < S->conds.n && !seen; i++)
    seen = same_check(((Cond *)S->conds.v[i])->op, op);
  if (S->full && seen) {
    VX *r = decided_mask(true);
    r->by_loop = true;
    return r;
  }
  if (!S->full && !seen) {
    Cond *x = arena_alloc(sizeof *x);
    x->op = op;
    x->c = c;
    for (int d = 0; d < op->out[0]->sh.rank; d++)
      x->idx[d] = idx[d];
    vec_push(&S->conds, x);
  }
  return NULL;
}

static VX *binary(Sim *S, Op *op, VX *a, VX *b, const char *const *idx) {
  OpKind k = op->k;
  char t = a->t;
  bool cmp = op_class[k] == K_CMP;
  if (t == 'm' && (k == O_AND || k == O_OR)) { /* logic with a decided mask */
    int da = mask_const(a), db = mask_const(b);
    int absorb = k == O_AND ? 0 : 1; /* x & 0 == 0, x | 1 == 1 */
    if (da == absorb || db == absorb) { /* the other operand is not read (unread_locals) */
      if (da == absorb)
        vec_push(&S->unread_logic, op->in[1]);
      if (db == absorb)
        vec_push(&S->unread_logic, op->in[0]);
      return decided_mask(absorb);
    }
    if (da == !absorb)
      return b;
    if (db == !absorb)
      return a;
  }
  if ((t == 'i' || t == 'l') && cmp) { /* a mask known to be all true (or false) needs no lanes */
    int d = decided(op);
    if (d >= 0)
      return decided_mask(d);
    const char *c = bounds_check(a, b, k);
    if (!c && a->k == VU && b->k == VU && (k == O_LT || k == O_LE || k == O_GT || k == O_GE))
      c = ew_binary(S->E, k, op->in[0]->dt, a->x0, b->x0); /* a row's bound: `rows < M` */
    if (c && loop_bound(S, op, idx, c))
      return loop_bound(S, op, idx, c);
  }
  return binary_plain(S, op, a, b);
}

/* The ops whose fp16 / bf16 result the scalar path rounds (ew_binary's round_to); min, max and
 * comparisons return an operand or a mask. */
static bool rounds(OpKind k) {
  return k == O_ADD || k == O_SUB || k == O_MUL || k == O_DIV || k == O_POW;
}

// x // d, x % d (d a constant int32)
/* Triton's integer // and % truncate (arith.divsi / arith.remsi), like C's / and % on the scalar
 * path; tc_i32_divc / modc multiply by m = ceil(2^(31+l) / |d|), l = ceil(log2 |d|) (the runtime
 * section divc says why that is exact). */
static VX *int_divc(Sim *S, OpKind k, VX *a, long long d) {
  const char *x = vec(S, a);
  if (d == 1 || d == -1) {
    if (k == O_MOD)
      return mk(VV, 'i', "tc_i32_splat(0)");
    return mk(VV, 'i', d == 1 ? x : fmt("tc_i32_sub(tc_i32_splat(0), %s)", x));
  }
  unsigned long long ad = d < 0 ? 0ull - (unsigned long long)d : (unsigned long long)d;
  int l = 0;
  while ((1ull << l) < ad)
    l++;
  unsigned long long m = ((1ull << (31 + l)) + ad - 1) / ad;
  return mk(VV, 'i', fmt("tc_i32_%s(%s, %lluu, %d, %s)", k == O_DIV ? "divc" : "modc", x, m, l - 1,
                         d == INT32_MIN ? "INT32_MIN" : fmt("%lld", d)));
}

static VX *binary_plain(Sim *S, Op *op, VX *a, VX *b) {
  OpKind k = op->k;
  char t = a->t;
  bool cmp = op_class[k] == K_CMP;
  VX *r = NULL;
  if (a->k == VU && b->k == VU) { /* uniform across the lanes: plain scalar C */
    const char *l = bool_logic(op, a->e, b->e);
    r = mk(VU, cmp ? 'm' : t, l ? l : ew_op_binary(S->E, op, op->in[0]->dt, a->e, b->e));
  }
  else if (t == 'i' && (k == O_ADD || k == O_SUB) && a->k == VC && b->k == VU)
    r = mk(VC, 'i', ew_binary(S->E, k, DT_I32, a->e, b->e));
  else if (t == 'i' && k == O_ADD && a->k == VU && b->k == VC)
    r = mk(VC, 'i', ew_binary(S->E, k, DT_I32, a->e, b->e));
  if (r) {
    if (r->t != 'm' && (a->x0 != a->e || b->x0 != b->e))
      r->x0 = ew_op_binary(S->E, op, a->k == VU && b->k == VU ? op->in[0]->dt : DT_I32, a->x0, b->x0);
    return r;
  }
  /* x / d with d the same for every lane: one division, then multiplies. Triton's own fp32
   * division on the GPU is the approximate div.full (up to 2 ulp); tl.div_rn stays exact. */
  if (t == 'f' && k == O_DIV && b->k == VU && !(op->flags & 1) && a->k == VV &&
      op->out[0]->dt == DT_F32)
    return mk(VV, 'f', fmt("tc_f32_mul(%s, tc_f32_splat(1.0f / %s))", a->e, b->e));
  int64_t d;
  if (t == 'i' && (k == O_DIV || k == O_MOD) && b->k == VU && ax_const(op->in[1], &d))
    return int_divc(S, k, a, d);
  const char *f = fname(k);
  if (!f || (t == 'f' && (k == O_AND || k == O_OR || k == O_XOR || k == O_SHL || k == O_SHR)) ||
      (t == 'i' && (k == O_DIV || k == O_POW || k == O_MINP || k == O_MAXP)) ||
      (t == 'm' && k != O_AND && k != O_OR && k != O_XOR) || t == 'p')
    return failed(S);
  const char *pre = t == 'f' ? "tc_f32" : t == 'i' ? "tc_i32" : "tc_mask";
  if (t == 'f' && k == O_POW)
    S->E->need |= H_SIMD;
  const char *e = fmt("%s_%s(%s, %s)", pre, f, vec(S, a), vec(S, b));
  return mk(VV, cmp ? 'm' : t, rounds(k) ? rounded(op->out[0]->dt, e) : e);
}

static VX *cast(Sim *S, Op *op, VX *a) {
  DType from = op->in[0]->dt, to = op->out[0]->dt;
  if (op->flags & CAST_RTZ) /* fp_downcast_rounding='rtz': the scalar path's helpers only */
    return failed(S);
  if (a->k == VU && from != DT_I1 && to != DT_I1) {
    VX *r = mk(VU, tchar(to), cast_expr(S->E, op->in[0], to, a->e));
    if (a->x0 != a->e)
      r->x0 = cast_expr(S->E, op->in[0], to, a->x0);
    return r;
  }
  if (a->k == VC && ((from == DT_I32 && to == DT_I64 && op->in[0]->ax.ranged) ||
                     (from == DT_I64 && to == DT_I32))) {
    /* an int32 range proved (no lane wraps) widens lane by lane; int64 lanes narrowed wrap
     * like tc_i32_iota */
    VX *r = mk(VC, tchar(to), cast_expr(S->E, op->in[0], to, a->e));
    r->x0 = cast_expr(S->E, op->in[0], to, a->x0);
    return r;
  }
  const char *v = vec(S, a);
  bool ff = tchar(from) == 'f', ft = tchar(to) == 'f'; /* fp32, fp16, bf16: fp32 lanes */
  /* to fp16 / bf16: the fp32 value rounded, as cast_expr's round_to (i32 -> fp16 rounds twice,
   * through fp32, on both paths) */
  if (ff && ft) return mk(VV, 'f', rounded(to, v));
  if (from == DT_I32 && ft) return mk(VV, 'f', rounded(to, fmt("tc_f32_from_i32(%s)", v)));
  if (ff && to == DT_I32) return mk(VV, 'i', fmt("tc_i32_from_f32(%s)", v));
  if (from == DT_I1 && to == DT_I32)
    return mk(VV, 'i', fmt("tc_i32_select(%s, tc_i32_splat(1), tc_i32_splat(0))", v));
  if (from == DT_I1 && ft)
    return mk(VV, 'f', fmt("tc_f32_select(%s, tc_f32_splat(1.0f), tc_f32_splat(0.0f))", v));
  if (from == DT_I32 && to == DT_I1) return mk(VV, 'm', fmt("tc_i32_ne(%s, tc_i32_splat(0))", v));
  return failed(S);
}

/* the op's mask operand i, NULL when there is none or it is provably all true */
static const char *mask_of(Sim *S, Op *op, int i, const char *const *idx) {
  if (op->nin <= i)
    return NULL;
  VX *m = vx(S, op->in[i], idx);
  if (mask_const(m) == 1)
    return NULL;
  return vec(S, m);
}

static const char *mask_or_all(Sim *S, Op *op, int i, const char *const *idx) {
  const char *m = mask_of(S, op, i, idx);
  return m ? m : "tc_mask_true()";
}

// tl.load(ptr, mask, other)
static VX *load(Sim *S, Op *op, const char *const *idx) {
  VX *p = vx(S, op->in[0], idx);
  char t = tchar(op->out[0]->dt);
  if ((t != 'f' && t != 'i') || p->k == VU)
    return failed(S);
  if (op == S->direct) { /* the check nest (direct_check): where the lanes lie, no access */
    if (p->k != VC)
      return failed(S);
    const char *m = mask_of(S, op, 1, idx);
    /* rows the axis analysis knows contiguous: one address test per row; a tile the product
     * reads next: a prefetch per vector, as the copy's loads would fetch it */
    bool rows = op->in[0]->ax.contig[1] >= S->s.d[1];
    const char *flags = rows && !S->dkeep ? "TC_TILE_ROWS | TC_TILE_PREFETCH"
                        : rows ? "TC_TILE_ROWS" : !S->dkeep ? "TC_TILE_PREFETCH" : "0";
    line(S->E, "tc_tile_at_vec(&%s, %s, %s, %s, %s, %s);", S->dn, IDX[0], IDX[1], p->e,
         m ? m : "tc_mask_true()", flags);
    return mk(VV, 'f', "tc_f32_splat(0.0f)");
  }
  DType elt = op->out[0]->dt;
  if (half(elt) && p->k == VV) /* no fp16 gathers */
    return failed(S);
  /* fp16 / bf16 lanes convert to fp32: tc_f32_load_f16, tc_f32_load_bf16_mask, ... */
  const char *pre = t == 'i' ? "tc_i32_load" : elt == DT_F16 ? "tc_f32_load_f16"
                    : elt == DT_BF16 ? "tc_f32_load_bf16" : "tc_f32_load";
  VX *o = op->nin > 2 ? vx(S, op->in[2], idx) : mk(VU, t, t == 'f' ? "0.0f" : "0");
  const char *other = o->k == VU ? o->e : (t == 'f' ? "0.0f" : "0");
  const char *r;
  const char *m = mask_of(S, op, 1, idx);
  if (p->k == VC)
    r = m ? fmt("%s_mask(%s, %s, %s)", pre, p->e, m, other) : fmt("%s(%s)", pre, p->e);
  else
    r = fmt("tc_%c32_gather(%s, %s, %s, %s)", t, p->e, p->gidx, mask_or_all(S, op, 1, idx), other);
  if (o->k != VU && m)
    r = fmt("tc_%c32_select(%s, %s, %s)", t, m, r, vec(S, o));
  return mk(VV, t, r);
}

/* The dimension of v the lanes walk (its index is the innermost group loop's), -1 if none.
 * Every index of an element in a group is a loop's own (IDX[k]) or 0: views only select, drop
 * and add indices (view_src_index), so no index mixes the lane index into an expression. */
static int lane_dim(Sim *S, const Value *v, const char *const *idx) {
  int lane = -1;
  for (int d = 0; d < v->sh.rank; d++)
    if (is_lane(S, idx[d]) && v->sh.d[d] > 1)
      lane = d;
  return lane;
}

/* `c < u` (or `<=`) with c contiguous from lane 0's x and u uniform: the first u - x lanes
 * (+ 1 for `<=`), clamped to the vector; u - x is taken unsigned where x < u, so it is exact. */
static VX *first_lanes(const char *x, const char *u, bool le) {
  const char *d = fmt("(uint64_t)(%s) - (uint64_t)(%s)", u, x);
  if (le)
    return mk(VV, 'm', fmt("tc_mask_first_n((%s) > (%s) ? 0 : %s >= TC_VLEN - 1 ? TC_VLEN : "
                           "(int)(%s) + 1)", x, u, d, d));
  return mk(VV, 'm', fmt("tc_mask_first_n((%s) >= (%s) ? 0 : %s >= TC_VLEN ? TC_VLEN : (int)(%s))",
                         x, u, d, d));
}

/* int64 index math (`pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)`) has no vector form in
 * the runtime and needs none: the axis facts say when a result is contiguous along the lanes
 * (lane l holds lane 0's value + l) or constant across each vector, in runs of a multiple of
 * 16 lanes (aligned, and every vector starts at a multiple of TC_VLEN, which divides 16). Lane
 * 0's value is the op applied to its operands' lane-0 values. A bounds check of such an index
 * is a mask of the first lanes. */
static VX *wide_binary(Sim *S, Op *op, VX *a, VX *b, const char *const *idx) {
  OpKind k = op->k;
  Value *r = op->out[0];
  int d = lane_dim(S, r, idx);
  if (a->k == VV || b->k == VV)
    return failed(S);
  if (op_class[k] == K_CMP) {
    const char *c = bounds_check(a, b, k);
    VX *whole = c ? loop_bound(S, op, idx, c) : NULL;
    if (whole)
      return whole;
    if (a->k == VC && b->k == VU && (k == O_LT || k == O_LE))
      return first_lanes(a->e, b->e, k == O_LE);
    if (a->k == VU && b->k == VC && (k == O_GT || k == O_GE))
      return first_lanes(b->e, a->e, k == O_GE);
    const char *lc = lower_check(a, b, k);
    if (lc && loop_bound(S, op, idx, lc))
      return loop_bound(S, op, idx, lc);
    if (lc) { /* the lanes from the bound on: not the first ones below it */
      bool ac = a->k == VC;
      bool strict = ac ? k == O_GT : k == O_LT;
      VX *below = first_lanes(ac ? a->e : b->e, ac ? b->e : a->e, strict);
      return mk(VV, 'm', fmt("tc_mask_not(%s)", below->e));
    }
    return failed(S);
  }
  VKind form = d < 0 || r->ax.consta[d] % 16 == 0 ? VU : r->ax.contig[d] % 16 == 0 ? VC : VV;
  if (form == VV)
    return failed(S);
  VX *x = mk(form, 'l', ew_op_binary(S->E, op, r->dt, a->e, b->e));
  if (a->x0 != a->e || b->x0 != b->e)
    x->x0 = ew_op_binary(S->E, op, r->dt, a->x0, b->x0);
  return x;
}

/* int32 index math on a contiguous operand that + and - do not cover (`offs // 16`, `offs * 1`,
 * `offs % N`): the axis facts say whether each vector's lanes hold one value or lane 0's value + l
 * (runs of a multiple of 16 lanes, as wide_binary); lane 0's value is the op on its operands'
 * lane-0 values. NULL when they say neither, or when binary's own forms apply. */
static VX *index_form(Sim *S, Op *op, VX *a, VX *b, const char *const *idx) {
  OpKind k = op->k;
  Value *r = op->out[0];
  if (op_class[k] != K_BINARY || a->k == VV || b->k == VV || (a->k == VU && b->k == VU) ||
      (k == O_ADD && b->k == VU) || (k == O_ADD && a->k == VU) || (k == O_SUB && b->k == VU))
    return NULL;
  int d = lane_dim(S, r, idx);
  if (d < 0)
    return NULL;
  VKind form = r->ax.consta[d] % 16 == 0 ? VU : r->ax.contig[d] % 16 == 0 ? VC : VV;
  if (form == VV)
    return NULL;
  VX *x = mk(form, 'i', ew_op_binary(S->E, op, DT_I32, a->e, b->e));
  if (a->x0 != a->e || b->x0 != b->e)
    x->x0 = ew_op_binary(S->E, op, DT_I32, a->x0, b->x0);
  return x;
}

static VX *op_vx(Sim *S, Op *op, const char *const *idx) {
  switch (op_class[op->k]) {
  case K_BINARY: case K_CMP: {
    if (op->k == O_PTRADD) {
      VX *p = vx(S, op->in[0], idx), *o = vx(S, op->in[1], idx);
      if (p->k == VC && o->k == VU && (o->t == 'i' || o->t == 'l')) /* contiguous + one offset */
        return mk(VC, 'p', fmt("(%s + %s)", p->e, o->e));
      if (p->k != VU || (o->t != 'i' && o->t != 'l'))
        return failed(S);
      if (o->k == VV) {
        VX *g = mk(VV, 'p', p->e);
        g->gidx = o->e;
        return g;
      }
      return mk(o->k, 'p', fmt("(%s + %s)", p->e, o->e));
    }
    /* the right operand first: the order in which bounds checks have always been found */
    VX *b = vx(S, op->in[1], idx), *a = vx(S, op->in[0], idx);
    if (a->t == 'l' && (a->k != VU || b->k != VU))
      return wide_binary(S, op, a, b, idx);
    VX *n = a->t == 'i' ? index_form(S, op, a, b, idx) : NULL;
    return n ? n : binary(S, op, a, b, idx);
  }
  case K_TERNARY: {
    VX *a = vx(S, op->in[0], idx), *b = vx(S, op->in[1], idx), *c = vx(S, op->in[2], idx);
    if (op->k == O_FMA && a->t == 'f') /* contracted products are fp32 only (pass_contract) */
      return mk(VV, 'f',
                rounded(op->out[0]->dt,
                        fmt("tc_f32_%s(%s, %s, %s)", op->flags & FMA_CONTRACT ? "muladd" : "fma",
                            vec(S, a), vec(S, b), vec(S, c))));
    if (op->k == O_SELECT && mask_const(a) >= 0) { /* decided on every lane: no select */
      vec_push(&S->unread, op->in[mask_const(a) ? 2 : 1]);
      return mask_const(a) ? b : c;
    }
    if (op->k == O_SELECT && (b->t == 'f' || b->t == 'i'))
      return mk(VV, b->t, fmt("tc_%s32_select(%s, %s, %s)", b->t == 'f' ? "f" : "i", vec(S, a),
                              vec(S, b), vec(S, c)));
    return failed(S);
  }
  case K_UNARY: {
    VX *a = vx(S, op->in[0], idx);
    if (op->k == O_CAST)
      return cast(S, op, a);
    if (op->k == O_NOT && a->t == 'm')
      return mk(VV, 'm', fmt("tc_mask_not(%s)", vec(S, a)));
    if (a->t != 'f')
      return failed(S);
    DType rt = op->out[0]->dt;
    if (op->k == O_RSQRT)
      return mk(VV, 'f',
                rounded(rt, fmt("tc_f32_div(tc_f32_splat(1.0f), tc_f32_sqrt(%s))", vec(S, a))));
    const char *f = fname(op->k);
    if (!f)
      return failed(S);
    if (op->k != O_SQRT && op->k != O_ABS)
      S->E->need |= H_SIMD;
    const char *e = fmt("tc_f32_%s(%s)", f, vec(S, a));
    return mk(VV, 'f', op->k == O_ABS ? e : rounded(rt, e)); /* math_call rounds all but abs */
  }
  default:
    if (op->k == O_LOAD)
      return load(S, op, idx);
    return failed(S);
  }
}

static VX *vx(Sim *S, Value *v, const char *const *idx) {
  VX *c = cached(S, v);
  if (c)
    return c;
  if (v->sh.rank == 0 || vi(v)->inl) { /* scalars, and values computed at an outer loop level */
    char t = tchar(v->dt);
    if (!t)
      return failed(S);
    return mk(VU, t, v->sh.rank ? vi(v)->inl : access(S->E, v, NULL));
  }
  if (v->def && is_view_op(v->def) && v->def->k != O_ARG)
    return view(S, v->def, idx);
  if (v->def && is_remat(v))
    return op_vx(S, v->def, idx);
  return array_read(S, v, idx);
}

/* Binds an op's result: a named or reused value gets a local; a stored one goes to its array. */
static void bind(Sim *S, Value *r, VX *x) {
  Em *E = S->E;
  if (S->direct && r == S->direct->out[0]) /* checked, not loaded (direct_check) */
    return;
  if (cv(r)->mat && x->t != 'f' && x->t != 'i') {
    S->fail = true;
    return;
  }
  if (x->k == VV && (r->name || r->uses > 1) && x->t != 'p') {
    const char *ty = x->t == 'f' ? "tc_vf32" : x->t == 'i' ? "tc_vi32" : "tc_vmask";
    const char *n = cv(r)->mat ? unique_name(E, fmt("%s_v", cname(E, r))) : cname(E, r);
    line(E, "const %s %s = %s;", ty, n, x->e);
    x = mk(VV, x->t, n);
    vec_push(&S->locals, r);
    vec_push(&S->locals, (void *)n);
    vec_push(&S->declared, r);
  }
  if (cv(r)->mat)
    line(E, "tc_%s32_store(&%s%s, %s);", x->t == 'f' ? "f" : "i", cname(E, r),
         index_str(r->sh, IDX), vec(S, x));
  cache(S, r, x);
}

// tl.store(ptr, value, mask)
static void store(Sim *S, Op *op) {
  VX *p = vx(S, op->in[0], IDX), *v = vx(S, op->in[1], IDX);
  char t = tchar(op->in[1]->dt);
  if ((t != 'f' && t != 'i') || p->k == VU) {
    S->fail = true;
    return;
  }
  DType elt = op->in[0]->elt;
  if (half(elt) && p->k == VV) { /* no fp16 scatters */
    S->fail = true;
    return;
  }
  /* fp32 lanes to fp16 / bf16 memory: tc_f32_store_f16, tc_f32_store_bf16_mask, ... */
  const char *pre = t == 'i' ? "tc_i32_store" : elt == DT_F16 ? "tc_f32_store_f16"
                    : elt == DT_BF16 ? "tc_f32_store_bf16" : "tc_f32_store";
  const char *m = mask_of(S, op, 2, IDX);
  if (p->k == VC && m)
    line(S->E, "%s_mask(%s, %s, %s);", pre, p->e, vec(S, v), m);
  else if (p->k == VC && elt == DT_F32 && S->E->plan->stream) { /* a whole vector */
    line(S->E, "tc_f32_store_nt(%s, %s, tc_nt_on);", p->e, vec(S, v));
    S->E->nt_used = true;
    vec_push(&S->E->nt_stores, op);
  } else if (p->k == VC)
    line(S->E, "%s(%s, %s);", pre, p->e, vec(S, v));
  else
    line(S->E, "tc_%c32_scatter(%s, %s, %s, %s);", t, p->e, p->gidx, vec(S, v),
         mask_or_all(S, op, 2, IDX));
}

/* Pulled values at the innermost level become vector locals (or stay uniform/contiguous). */
static void emit_pulled_vec(Sim *S, Vec *pulled) {
  int r = S->s.rank;
  for (int i = 0; i < pulled->n && !S->fail; i++) {
    Pulled *p = pulled->v[i];
    if (p->conflict || !(p->level == r || (r == 1 && p->level == 0)))
      continue;
    VX *x = op_vx(S, p->v->def, p->idx);
    const char *n = cname(S->E, p->v);
    src_comment(S->E, p->v->def->loc);
    if (x->k == VV && x->t != 'p') {
      const char *ty = x->t == 'f' ? "tc_vf32" : x->t == 'i' ? "tc_vi32" : "tc_vmask";
      line(S->E, "const %s %s = %s;", ty, n, x->e);
      x = mk(VV, x->t, n);
      vec_push(&S->locals, p->v); /* unread_locals */
      vec_push(&S->locals, (void *)n);
      vec_push(&S->declared, p->v);
    } else if (x->k == VC && (x->t == 'i' || x->t == 'l')) {
      line(S->E, "const %s %s = %s; /* lane 0; lane l holds %s + l */",
           x->t == 'i' ? "int32_t" : "int64_t", n, x->e, n);
      x = renamed(x, n);
      vec_push(&S->declared, p->v);
      if (S->full)
        vec_push(&S->lane0, p->v);
    } else if (mask_const(x) >= 0) {
      line(S->E, "/* %s is %s on every lane (%s): nothing to compute */", n,
           mask_const(x) ? "true" : "false", x->by_loop ? "this loop's bound" : "value ranges");
    } else if (x->k == VU && x->t != 'p') {
      line(S->E, "%s = %s;", const_decl(ctype(p->v->dt, p->v->elt), n), x->e);
      x = renamed(x, n);
      vec_push(&S->declared, p->v);
    }
    cache(S, p->v, x);
  }
}

/* A vector local whose every use is an operand a decided tl.where does not read (the loop over
 * whole vectors in bounds keeps `up` of `tl.where(i < half, up, down)`), or the other operand of
 * a decided `&` / `|` (`partial & never`), is read by nothing: it is marked used, for
 * -Wunused-variable. Counted on the IR: the uses the selects and logic dropped against the
 * value's uses. */
static void unread_locals(Sim *S) {
  for (int i = 0; i + 1 < S->locals.n; i += 2) {
    Value *v = S->locals.v[i];
    int n = 0, logic = 0;
    for (int j = 0; j < S->unread.n; j++)
      n += S->unread.v[j] == v;
    for (int j = 0; j < S->unread_logic.n; j++)
      logic += S->unread_logic.v[j] == v;
    if (n + logic == v->uses)
      line(S->E, "(void)%s; /* each use is a %s this loop decides */",
           (const char *)S->locals.v[i + 1], logic ? "tl.where, & or |" : "tl.where");
  }
  S->locals.n = S->unread.n = S->unread_logic.n = 0;
}

static void emit_body(Sim *S, Op **ops, int n, Vec *pulled) {
  emit_pulled_vec(S, pulled);
  for (int i = 0; i < n && !S->fail; i++) {
    Op *op = ops[i];
    if (op->k == O_STORE) {
      src_comment(S->E, op->loc);
      store(S, op);
      continue;
    }
    VX *x = op_vx(S, op, IDX);
    Value *r = op->out[0];
    if (op != S->direct && (cv(r)->mat || (x->k == VV && (r->name || r->uses > 1) && x->t != 'p')))
      src_comment(S->E, op->loc); /* bind writes a statement */
    bind(S, op->out[0], x);
  }
  unread_locals(S);
}

#define MAX_PF_PER_GROUP 4

/* Is v, through transposes, permutes, reshapes and casts, an operand of a tl.dot in block b
 * (or a block nested in it)? */
static bool feeds_dot(Block *b, Value *v) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; op->k == O_DOT && j < 2; j++) {
      Value *x = op->in[j];
      while (x != v && x->def && x->def->nin >= 1 &&
             (x->def->k == O_PERMUTE || x->def->k == O_RESHAPE ||
              x->def->k == O_CAST))
        x = x->def->in[0];
      if (x == v)
        return true;
    }
    for (int r = 0; r < op->nreg; r++)
      if (feeds_dot(op->reg[r], v))
        return true;
  }
  return false;
}

/* `tc_prefetch_next(&site, &delta, address, first, write);` for a contiguous access through the
 * op's pointer, added to the statements `calls` (the site's declarations go to S->pf_decl), or
 * nothing if the pointer has no
 * contiguous vector form here. A load from a base pointer that an earlier load site already
 * prefetches (layer norm reads its row three times) gets none: it would fetch the same lines.
 * Nor does a tile loaded for a tl.dot: the product's arithmetic hides the hardware's own
 * prefetching, and the extra instructions in the copy loop only cost (examples/matmul.py fp32
 * at 2048^3 on 2 cores: 0.72-0.73x OpenBLAS with them, 0.76 without; attention unchanged). */
static void prefetch_site(Sim *S, Op *op, bool write, Vec *calls) {
  Value *ptr = op->in[0], *base = base_pointer(ptr, true);
  if (calls->n >= MAX_PF_PER_GROUP || cv(ptr)->pinv)
    return;
  if (!write && feeds_dot(op->parent, op->out[0]))
    return;
  for (int i = 0; !write && i < S->E->pf_bases.n; i++)
    if (S->E->pf_bases.v[i] == base)
      return;
  bool was = S->fail;
  VX *p = vx(S, ptr, IDX);
  if (S->fail || p->k != VC) {
    S->fail = was;
    return;
  }
  Buf first = {0};
  for (int i = 0; write && i < S->E->nt_stores.n; i++)
    if (S->E->nt_stores.v[i] == op) { /* a streaming store reads nothing: no prefetch then */
      buf_puts(&first, "!tc_nt_on && ");
      break;
    }
  for (int d = 0; d < S->s.rank; d++)
    buf_printf(&first, "%s%s == 0", d ? " && " : "", IDX[d]);
  const char *site = fmt("pf%d", S->E->npf++);
  vec_push(&S->pf_decl, fmt("TC_PREFETCH_SITE(%s); /* the %s at %s:%d */", site,
                            write ? "store" : "load", path_base(op->loc.file), op->loc.line));
  vec_push(calls, fmt("tc_prefetch_next(&%s, &%s_delta, %s, %s, %d);", site, site, p->e, first.s,
                      write));
  if (!write)
    vec_push(&S->E->pf_bases, base);
  vec_push(&S->pf_ptrs, ptr);
  buf_free(&first);
}

/* Does the block hold another elementwise group of the same shape after ops[n-1]? */
static bool later_group(Op **ops, int n, Shape s) {
  Block *b = ops[0]->parent;
  int g = ops[0]->group, i = 0;
  while (i < b->nops && b->ops[i] != ops[n - 1])
    i++;
  for (i++; i < b->nops; i++) {
    Op *o = b->ops[i];
    if (o->group >= 0 && o->group != g && is_elementwise(o) && shape_eq(op_shape(o), s))
      return true;
  }
  return false;
}

/* Prefetches at the end of the innermost loop body: the loads a previous group of this block
 * left pending, this group's loads when no later group will take them, this group's stores. */
static void emit_prefetches(Sim *S, Op **ops, int n) {
  Em *E = S->E;
  if (!E->plan->prefetch)
    return;
  Vec calls = {0};
  Block *b = ops[0]->parent;
  if (E->pf_block == b && shape_eq(E->pf_shape, S->s))
    for (int i = 0; i < E->pf_pend.n; i++)
      prefetch_site(S, E->pf_pend.v[i], false, &calls);
  E->pf_pend.n = 0;
  E->pf_block = NULL;
  bool defer = later_group(ops, n, S->s);
  for (int i = 0; i < n; i++) {
    if (ops[i]->k == O_LOAD && defer)
      vec_push(&E->pf_pend, ops[i]);
    else if (ops[i]->k == O_LOAD || ops[i]->k == O_STORE)
      prefetch_site(S, ops[i], ops[i]->k == O_STORE, &calls);
  }
  if (defer) {
    E->pf_block = b;
    E->pf_shape = S->s;
  }
  /* when the program's traffic is known, the launch's size decides (program_bytes, c/plan.c):
   * the prefetches sit under `if (tc_pf_on)`, a loop-invariant test the compiler hoists */
  bool gate = E->plan->bytes_exact && calls.n;
  if (gate && calls.n == 1) /* one site: one line */
    line(E, "if (tc_pf_on) %s", (const char *)calls.v[0]);
  else {
    if (gate)
      line(E, "if (tc_pf_on) {");
    E->ind += gate;
    for (int i = 0; i < calls.n; i++)
      line(E, "%s", (const char *)calls.v[i]);
    E->ind -= gate;
    if (gate)
      line(E, "}");
  }
  E->pf_gated |= gate;
}

/* Fused reductions keep NACC partial accumulators when the loop is long enough (the `rot`
 * loops): an add or max has a latency of several cycles, so one accumulator would make every
 * trip wait for the previous one. The update of trip t goes into acc and the accumulators
 * rotate (acc <- acc_1 <- ... <- the new value), so NACC independent chains are in flight;
 * the compiler turns the rotation into register renaming. */
#define NACC 4

/* Are the rotated accumulators named a_1 .. a_3, a_t after a, as runtime section rotate's
 * macros (TC_ACC4, TC_ROTATE4, TC_FOLD4) name them? (Else a name was taken: they are spelled
 * out.) */
static bool rot_macros(const char *const *a) {
  for (int k = 1; k <= NACC; k++)
    if (strcmp(a[k], k < NACC ? fmt("%s_%d", a[0], k) : fmt("%s_t", a[0])))
      return false;
  return NACC == 4;
}

/* the vector type of r's accumulators */
static const char *acc_type(Op *r) { return r->in[0]->dt == DT_F32 ? "tc_vf32" : "tc_vi32"; }

/* "RESULT[idx] = tc_f32_hsum(ACC);": a fused reduction's result from its accumulator */
static void emit_reduce_finish(Em *E, Op *r, const char *acc) {
  const char *h = r->comb == COMB_SUM ? "hsum" : r->comb == COMB_MAX ? "hmax" : "hmin";
  line(E, "%s%s = tc_%s32_%s(%s);", cname(E, r->out[0]), index_str(r->out[0]->sh, IDX),
       r->in[0]->dt == DT_F32 ? "f" : "i", h, acc);
}

static const char *acc_fn(Op *r) {
  bool f = r->in[0]->dt == DT_F32;
  /* the accumulators start at the identity, so a float one is never NaN */
  return fmt("tc_%s32_%s", f ? "f" : "i",
             r->comb == COMB_SUM ? "add" : f ? fmt("%s_acc", comb_name(r->comb)) : comb_name(r->comb));
}

/* The fused reductions' accumulator updates, at the end of the loop body. */
static void emit_reduce_updates(Sim *S, Op **red, int nred, const char *(*acc)[NACC + 1], bool rot) {
  for (int i = 0; i < nred && !S->fail; i++) {
    Op *r = red[i];
    src_comment(S->E, r->loc);
    const char *const *a = acc[i];
    /* a sum of products: one multiply-add into the accumulator (contracted as in pass_contract) */
    Value *v = r->in[0];
    Op *m = v->def;
    bool muladd = r->comb == COMB_SUM && contractible_product(v) && v->dt == DT_F32;
    const char *upd = muladd ? fmt("tc_f32_muladd(%s, %s, %s)", vec(S, vx(S, m->in[0], IDX)),
                                   vec(S, vx(S, m->in[1], IDX)), a[0])
                             : fmt("%s(%s, %s)", acc_fn(r), a[0], vec(S, vx(S, v, IDX)));
    if (!rot) {
      line(S->E, "%s = %s;", a[0], upd);
      continue;
    }
    if (rot_macros(a)) {
      line(S->E, "TC_ROTATE4(%s, %s, %s);", acc_type(r), a[0], upd);
      continue;
    }
    line(S->E, "const %s %s = %s;", acc_type(r), a[NACC], upd);
    Buf b = {0};
    for (int k = 0; k < NACC; k++)
      buf_printf(&b, "%s%s = %s;", k ? " " : "", a[k], a[k + 1]);
    line(S->E, "%s", b.s);
    buf_free(&b);
  }
}

/* text appended to out one indentation level deeper (blank lines stay blank) */
static void put_deeper(Buf *out, const char *text) {
  for (const char *p = text; p && *p;) {
    const char *nl = strchr(p, '\n');
    size_t k = nl ? (size_t)(nl - p + 1) : strlen(p);
    buf_printf(out, "%s%.*s", k > 1 ? "  " : "", (int)k, p);
    p += k;
  }
}


static bool has(const Vec *v, const void *x) {
  for (int i = 0; i < v->n; i++)
    if (v->v[i] == x)
      return true;
  return false;
}

/* The form this pass gave w: its own (cached), or through views that of their source. */
static VX *form_of(Sim *S, Value *w) {
  while (w->def && (w->def->k == O_BROADCAST || w->def->k == O_RESHAPE))
    w = w->def->in[0];
  return cached(S, w);
}

/* Does the text printed for w read the local of v? Down from w through what is printed in place
 * (views, recomputed index math, the group's values not bound to locals): not below a local, an
 * array, or a mask this pass decided; a decided tl.where, `&` or `|` reads only the operand it
 * yields. */
static bool prints_read(Sim *S, Value *w, Value *v, int group) {
  if (w == v)
    return true;
  Op *d = w->def;
  if (!w->sh.rank || vi(w)->inl || has(&S->declared, w) || !d || d->k == O_ARG ||
      !(is_view_op(d) || is_remat(w) || d->group == group))
    return false;
  VX *x = form_of(S, w);
  if (x && mask_const(x) >= 0)
    return false;
  /* a comparison or select this pass kept no form of may have been decided (printed as one of
   * its operands, or as a constant): not counted as a read, so the local is marked used, which
   * costs nothing where it is read after all */
  if (!x && (op_class[d->k] == K_CMP || d->k == O_SELECT))
    return false;
  for (int i = 0; x && i < d->nin; i++) /* a decided select or logic: the operand it yields */
    if ((d->k == O_SELECT || d->k == O_AND || d->k == O_OR) && form_of(S, d->in[i]) == x)
      return prints_read(S, d->in[i], v, group);
  for (int i = 0; i < d->nin; i++)
    if (prints_read(S, d->in[i], v, group))
      return true;
  return false;
}

/* Does a statement of this pass read the local of v? The statements: loads and stores, the
 * declarations of locals and stores to arrays, the accumulator updates, the prefetches. */
static bool local_read(Sim *S, Op **ops, int n, Vec *pulled, Op **red, int nred, Value *v) {
  int g = ops[0]->group;
  for (int i = 0; i < n; i++) {
    Op *op = ops[i];
    bool stmt = op->k == O_STORE || op->k == O_LOAD ||
                (op->nout && (cv(op->out[0])->mat || has(&S->declared, op->out[0])));
    for (int j = 0; stmt && op != S->direct && j < op->nin; j++)
      if (prints_read(S, op->in[j], v, g))
        return true;
  }
  for (int i = 0; i < pulled->n; i++) {
    Pulled *p = pulled->v[i];
    for (int j = 0; p->v != v && has(&S->declared, p->v) && j < p->v->def->nin; j++)
      if (prints_read(S, p->v->def->in[j], v, g))
        return true;
  }
  for (int i = 0; i < S->pf_ptrs.n; i++)
    if (prints_read(S, S->pf_ptrs.v[i], v, g))
      return true;
  for (int i = 0; i < nred; i++) {
    Op *m = red[i]->in[0]->def; /* a sum of products prints the product's operands */
    if (prints_read(S, red[i]->in[0], v, g) ||
        (m && m->k == O_MUL && (prints_read(S, m->in[0], v, g) || prints_read(S, m->in[1], v, g))))
      return true;
  }
  return false;
}

/* In the loop over whole vectors, an index local whose only uses were bounds checks that the
 * loop decides (Inductor's `tmp0 = r0_2 + 7778*x0; tmp2 = tmp0 < 70000`; a jammed nest's `rows`
 * when only `rows < M` read it) is read by nothing: it is marked used, for -Wunused-variable. */
static void lane0_unused(Sim *S, Op **ops, int n, Vec *pulled, Op **red, int nred) {
  for (int i = 0; i < S->lane0.n; i++)
    if (!local_read(S, ops, n, pulled, red, nred, S->lane0.v[i]))
      line(S->E, "(void)%s; /* each use is a bounds check this loop decides */",
           cname(S->E, S->lane0.v[i]));
  S->lane0.n = 0;
}

/* The body of the loop over whole vectors (or the only loop), emitted after the masked one:
 * its values again, with the bounds checks decided when `full`, then the prefetches and the
 * accumulator updates; the names the masked body took are reused (the loops are siblings).
 * `row_values`: the row's pulled values first (the jammed nest's rows loop). */
static void body_again(Sim *S, Op **ops, int n, Vec *pulled, Op **red, int nred,
                       const char *(*acc)[NACC + 1], bool rot, int names_at, bool full,
                       bool row_values) {
  Em *E = S->E;
  int n1 = E->names.v.n;
  void **taken = arena_alloc(sizeof(void *) * (size_t)(n1 - names_at + 1));
  for (int i = names_at; i < n1; i++)
    taken[i - names_at] = E->names.v.v[i];
  names_truncate(E, names_at);
  S->keys.n = S->vals.n = S->declared.n = S->pf_ptrs.n = 0;
  S->full = full;
  E->last_line = 0;
  for (int i = 0; row_values && i < pulled->n; i++) { /* emit_pulled_only(E, pulled, 1) */
    Pulled *p = pulled->v[i];
    if (p->conflict || p->level != 1)
      continue;
    emit_pulled(E, p);
    vec_push(&S->declared, p->v);
    vec_push(&S->lane0, p->v); /* its uses may all be decided (lane0_unused) */
  }
  emit_body(S, ops, n, pulled);
  if (!S->fail)
    emit_prefetches(S, ops, n);
  emit_reduce_updates(S, red, nred, acc, rot);
  lane0_unused(S, ops, n, pulled, red, nred);
  names_truncate(E, names_at);
  for (int i = 0; i < n1 - names_at; i++)
    names_push(E, taken[i]);
}

/* The innermost loop, over dimension d in vectors. Its body is emitted once; if it holds bounds
 * checks on the lanes (`cols < N` with cols contiguous, N uniform: the masks of a partial last
 * block), the loop is split in two: a first loop that runs while every such check holds on
 * every lane of the vector (a scalar test per trip, Sim.full: the checks are constant true,
 * so loads and stores need no masks and `tl.where`s on them vanish), and the masked loop for
 * the vectors left. The body is emitted again for the first loop; only it prefetches. */
static void full_vectors(Sim *S, Op **ops, int n, Vec *pulled, Op **red, int nred,
                         const char *(*acc)[NACC + 1], int d) {
  Em *E = S->E;
  const char *iv = IDX[d];
  int len = S->s.d[d], names_at = E->names.v.n;
  Buf *out = E->o, tail = {0};
  E->o = &tail;
  E->ind++;
  emit_body(S, ops, n, pulled);
  bool rot = S->E->plan->rotate && len >= NACC * 16;
  if (!S->conds.n || S->fail) { /* one loop */
    if (!S->fail)
      emit_prefetches(S, ops, n);
    emit_reduce_updates(S, red, nred, acc, rot);
    E->ind--;
    E->o = out;
    line(E, "for (int %s = 0; %s < %d; %s += TC_VLEN) {", iv, iv, len, iv);
    buf_puts(out, tail.s ? tail.s : "");
    line(E, "}");
    buf_free(&tail);
    return;
  }
  emit_reduce_updates(S, red, nred, acc, false);
  E->ind--;
  Buf all = {0};
  E->o = &all;
  E->ind++;
  line(E, "int %s = 0;", iv);
  Buf c = {0};
  for (int i = 0; i < S->conds.n; i++)
    buf_printf(&c, " && %s", ((Cond *)S->conds.v[i])->c);
  line(E, "for (; %s < %d%s; %s += TC_VLEN) { /* whole vectors: every lane in bounds */", iv,
       len, c.s, iv);
  buf_free(&c);
  E->ind++;
  body_again(S, ops, n, pulled, red, nred, acc, rot, names_at, true, false);
  E->ind--;
  line(E, "}");
  line(E, "for (; %s < %d; %s += TC_VLEN) { /* the rest, masked */", iv, len, iv);
  put_deeper(&all, tail.s); /* the masked body, one level deeper */
  line(E, "}");
  E->ind--;
  E->o = out;
  line(E, "{");
  buf_puts(out, all.s ? all.s : "");
  line(E, "}");
  buf_free(&all);
  buf_free(&tail);
}

/* The group loops (bit k: IDX[k]) that v's element at idx depends on, from the IR as vx reads
 * it: through views (an arange depends on its index), the group's own ops and the index math
 * recomputed where it is used, to the arrays the group reads (each index of a dimension above 1). */
static unsigned idx_deps(Value *v, const char *const *idx, int group) {
  if (!v->sh.rank || !idx)
    return 0;
  Op *d = v->def;
  unsigned m = 0;
  if (d && is_view_op(d) && d->k != O_ARG) {
    Idx n = {0};
    switch (d->k) {
    case O_ARANGE: return idx_level(idx[0]) ? 1u << (idx_level(idx[0]) - 1) : 0;
    case O_BROADCAST: case O_RESHAPE:
      view_src_index(d, idx, n);
      return idx_deps(d->in[0], n, group);
    default: return 0;
    }
  }
  if (d && d->k != O_ARG && (d->group == group || is_remat(v))) {
    for (int i = 0; i < d->nin; i++)
      m |= idx_deps(d->in[i], idx, group);
    return m;
  }
  for (int k = 0; k < v->sh.rank; k++)
    if (v->sh.d[k] != 1 && idx_level(idx[k]))
      m |= 1u << (idx_level(idx[k]) - 1);
  return m;
}

/* Rows reduced along the lanes, jammed: a 2D group of NACC to JAM_ROWS rows whose results are
 * reductions along its last dimension (a row sum over BLOCK_M rows) runs its vector loop
 * outside and the rows inside, so each trip loads one vector of every row: the rows' loads are
 * separate streams in flight together (a single sequential stream per core stays well under the
 * memory bandwidth) and their accumulators are independent chains (as many as the rotated
 * accumulators of one row, or more). Only for groups that store
 * nothing, so that the order of the rows' accesses cannot matter. */
#define JAM_ROWS 8

static bool jam_rows(Op **ops, int n, Shape s, int nred) {
  if (s.rank != 2 || s.d[0] < NACC || s.d[0] > JAM_ROWS || nred == 0)
    return false;
  for (int i = 0; i < n; i++)
    if (ops[i]->k == O_STORE)
      return false;
  return true;
}

/* The jammed nest (jam_rows): false, with nothing written, when a bounds check depends on both
 * the row and the vector (the whole-vector loop needs the rows' checks hoisted out of it). */
static bool emit_jammed(Sim *S, Op **ops, int n, Vec *pulled, Op **red, int nred) {
  Em *E = S->E;
  int rows = S->s.d[0], len = S->s.d[1], names_at = E->names.v.n;
  const char *ir = IDX[0], *iv = IDX[1];
  const char *(*acc)[NACC + 1] = arena_alloc(sizeof *acc * (size_t)(nred + 1));
  const char **arr = arena_alloc(sizeof(char *) * (size_t)(nred + 1));
  for (int i = 0; i < nred; i++) {
    arr[i] = unique_name(E, fmt("%s_acc", cname(E, red[i]->out[0])));
    acc[i][0] = fmt("%s[%s]", arr[i], ir);
  }
  /* the masked body first: it finds the bounds checks */
  Buf *out = E->o, tail = {0};
  E->o = &tail;
  E->ind += 2;
  emit_pulled_only(E, pulled, 1);
  emit_body(S, ops, n, pulled);
  emit_reduce_updates(S, red, nred, acc, false);
  E->ind -= 2;
  E->o = out;
  Vec row_conds = {0}, vec_conds = {0};
  bool ok = !S->fail;
  for (int i = 0; i < S->conds.n && ok; i++) { /* does the check read the row, the vector? */
    Cond *c = S->conds.v[i];
    unsigned dep = idx_deps(c->op->out[0], c->idx, ops[0]->group);
    bool by_row = dep & 1;
    ok = !(by_row && (dep & 2));
    vec_push(by_row ? &row_conds : &vec_conds, (void *)c->c);
  }
  if (!ok) {
    names_truncate(E, names_at);
    S->keys.n = S->vals.n = S->conds.n = 0;
    clear_pulled(pulled);
    buf_free(&tail);
    return false;
  }
  for (int i = 0; i < nred; i++)
    line(E, "%s %s[%d]; /* one accumulator per row: independent chains */", acc_type(red[i]),
         arr[i], rows);
  line(E, "for (int %s = 0; %s < %d; %s++) {", ir, ir, rows, ir);
  for (int i = 0; i < nred; i++)
    line(E, "  %s = tc_%s32_splat(%s);", acc[i][0], red[i]->in[0]->dt == DT_F32 ? "f" : "i",
         red_identity_of(red[i]));
  line(E, "}");
  emit_pulled_only(E, pulled, 0);
  bool split = S->conds.n > 0;
  Buf cond = {0};
  if (split) {
    line(E, "{");
    E->ind++;
    line(E, "int %s = 0;", iv);
    if (row_conds.n) { /* every row's checks, once */
      const char *all = unique_name(E, "rows_in");
      line(E, "int %s = 1; /* the rows' bounds checks hold on every row */", all);
      line(E, "for (int %s = 0; %s < %d; %s++) {", ir, ir, rows, ir);
      E->ind++;
      emit_pulled_only(E, pulled, 1);
      Buf c = {0};
      for (int i = 0; i < row_conds.n; i++)
        buf_printf(&c, " && %s", (const char *)row_conds.v[i]);
      line(E, "%s = %s%s;", all, all, c.s);
      buf_free(&c);
      E->ind--;
      line(E, "}");
      buf_printf(&cond, " && %s", all);
    }
    for (int i = 0; i < vec_conds.n; i++)
      buf_printf(&cond, " && %s", (const char *)vec_conds.v[i]);
    line(E, "for (; %s < %d%s; %s += TC_VLEN) { /* whole vectors: every lane in bounds */", iv, len,
         cond.s, iv);
  } else {
    line(E, "for (int %s = 0; %s < %d; %s += TC_VLEN) {", iv, iv, len, iv);
  }
  E->ind++;
  line(E, "for (int %s = 0; %s < %d; %s++) {", ir, ir, rows, ir);
  E->ind++;
  body_again(S, ops, n, pulled, red, nred, acc, false, names_at, split, true);
  E->ind--;
  line(E, "}");
  E->ind--;
  line(E, "}");
  if (split) {
    line(E, "for (; %s < %d; %s += TC_VLEN) { /* the rest, masked */", iv, len, iv);
    line(E, "  for (int %s = 0; %s < %d; %s++) {", ir, ir, rows, ir);
    put_deeper(E->o, tail.s); /* the masked body, one level deeper */
    line(E, "  }");
    line(E, "}");
    E->ind--;
    line(E, "}");
  }
  buf_free(&cond);
  buf_free(&tail);
  line(E, "for (int %s = 0; %s < %d; %s++) {", ir, ir, rows, ir);
  E->ind++;
  for (int i = 0; i < nred; i++)
    emit_reduce_finish(E, red[i], acc[i][0]);
  E->ind--;
  line(E, "}");
  return true;
}

/* ---- a tl.dot operand read where it lies ----
 * Copying a tl.dot operand tile out of memory on every K step costs a quarter of a matmul's
 * time (examples/matmul.py fp32 at 2048^3: 115-119 GFLOP/s on a core, 164 with the copies
 * left out). The micro-kernel takes each operand with a leading dimension, so the first
 * operand (broadcast one element at a time: its rows may lie far apart) can be read in place
 * when the tile is, at run time, rows evenly spaced in memory, each row contiguous, every lane
 * in bounds. A check nest walks the tile's addresses and masks as the copy would (no access:
 * direct_check; one runtime call per vector, tc_tile_at_vec, so the nest reads as the index
 * math of the Python lines and one named check), and the copy runs only when the check fails
 * (a partial edge tile, a gather).
 * Taken for a group whose one stored value is an fp32 load that only a tl.dot reads, as its
 * first operand, later in the same block with nothing between them that may write memory
 * (the product then reads the values the load would have). Second operands stay copied:
 * read in place, their rows compete for a few L1 sets (2048^3: 0.63x the copy's speed). The
 * same check nest (without prefetches) is the key of a second operand's copy kept across the
 * programs of a thread (CGroup.kept, c/plan.c; runtime/tc_simd.h, section keep): where the key
 * matches what the previous program copied at the same point, the copy is skipped. */

/* The check nest: `tc_tile_at NAME` (in place) or `NAME_key` (kept) filled by a tc_tile_at_vec
 * per vector, then for a tile read in place `NAME_at`, its first element when the product may
 * read it there, else NULL (then the copy runs). false (nothing written) when the pointer has
 * no contiguous vector form. */
static bool direct_check(Em *E, Op **ops, int n, Vec *pulled, Op *ld, bool keep) {
  Value *a = ld->out[0];
  Shape s = a->sh;
  const char *nm = unique_name(E, fmt("%s_%s", cname(E, a), keep ? "kept" : "in_place"));
  const char *at = keep ? fmt("%s_key", nm) : nm;
  int names_at = E->names.v.n; /* the copy's nest, a sibling scope, takes the same names */
  Sim S = {.E = E, .s = s, .direct = ld, .dn = at, .dkeep = keep};
  Buf *saved_o = E->o, body = {0};
  int saved_ind = E->ind, saved_line = E->last_line;
  unsigned saved_need = E->need;
  E->o = &body;
  E->last_line = 0;
  if (keep)
    line(E, "/* %s:%d: a copy of this tile an earlier program on this thread made is read again "
            "when its rows lie evenly spaced and every lane is in bounds */",
         path_base(ld->loc.file), ld->loc.line);
  else
    line(E, "/* %s:%d: the tl.dot reads this tile in place when its rows lie evenly spaced and "
            "every lane is in bounds */", path_base(ld->loc.file), ld->loc.line);
  line(E, "tc_tile_at %s = TC_TILE_AT_START;", at);
  line(E, "for (int %s = 0; %s < %d; %s++) {", IDX[0], IDX[0], s.d[0], IDX[0]);
  E->ind++;
  emit_pulled_at(E, pulled, 1);
  line(E, "for (int %s = 0; %s < %d; %s += TC_VLEN) {", IDX[1], IDX[1], s.d[1], IDX[1]);
  E->ind++;
  emit_body(&S, ops, n, pulled);
  E->ind--;
  line(E, "}");
  E->ind--;
  line(E, "}");
  if (!keep)
    line(E, "const %s *%s_at = tc_tile_at_found(&%s);", ctype(a->dt, a->elt), nm, nm);
  E->o = saved_o;
  E->ind = saved_ind;
  E->last_line = saved_line;
  names_truncate(E, names_at);
  clear_pulled(pulled);
  if (S.fail) {
    E->need = saved_need;
    buf_free(&body);
    return false;
  }
  buf_puts(E->o, body.s);
  buf_free(&body);
  if (keep)
    vi(a)->kept = nm;
  else
    vi(a)->in_place = nm;
  return true;
}

/* The group's loop nest with the innermost dimension in vectors; false (and no output) when
 * some value or op has no vector form. */
bool emit_group_simd(Em *E, Op **ops, int n, Vec *pulled, Op **red, int nred) {
  Shape s = op_shape(ops[0]);
  if (s.d[s.rank - 1] < 16 || (s.d[s.rank - 1] & 15))
    return false;
  for (int i = 0; i < n; i++)
    if (ops[i]->nout && cv(ops[i]->out[0])->mat && !tchar(ops[i]->out[0]->dt))
      return false;
  Sim S = {.E = E, .s = s};
  Buf *saved_o = E->o, body = {0};
  unsigned saved_need = E->need;
  int saved_line = E->last_line, saved_ind = E->ind, saved_bases = E->pf_bases.n;
  int saved_nt = E->nt_stores.n;
  bool saved_nt_used = E->nt_used;
  E->o = &body;
  E->last_line = 0;
  for (int i = 0; i < n; i++)
    if (ops[i]->nout && cv(ops[i]->out[0])->mat && !cv(ops[i]->out[0])->into)
      line(E, "%s;", decl_of(E, ops[i]->out[0]));
  for (int i = 0; i < nred; i++)
    if (red[i]->in[0]->dt != DT_F32 && red[i]->in[0]->dt != DT_I32)
      S.fail = true;
  const CGroup *grp = &E->plan->group[ops[0]->group];
  Op *ld = grp->in_place;
  bool in_place = ld && direct_check(E, ops, n, pulled, ld, false);
  Op *kl = grp->kept;
  bool kept = kl && direct_check(E, ops, n, pulled, kl, true);
  if (in_place) {
    line(E, "if (!%s_at) { /* else the copy */", vi(ld->out[0])->in_place);
    E->ind++;
  }
  if (kept) {
    const char *nm = vi(kl->out[0])->kept, *t = ctype(kl->out[0]->dt, kl->out[0]->elt);
    line(E, "static _Thread_local tc_keep_site %s_site;", nm);
    line(E, "const %s *%s = tc_keep_lookup(&%s_site, pid_x, pid_y, pid_z, &%s_key, sizeof %s);", t,
         nm, nm, nm, cname(E, kl->out[0]));
    line(E, "if (!%s) { /* else the copy */", nm);
    E->ind++;
  }
  size_t nest_at = body.n; /* prefetch site declarations go here */
  bool jammed = jam_rows(ops, n, s, nred) && emit_jammed(&S, ops, n, pulled, red, nred);
  for (int d = 0; d < s.rank && !jammed; d++) {
    if (d == s.rank - 1) {
      const char *(*acc)[NACC + 1] = arena_alloc(sizeof *acc * (size_t)(nred + 1));
      bool rot = E->plan->rotate && s.d[d] >= NACC * 16;
      for (int i = 0; i < nred; i++) { /* partial accumulators, one per lane */
        bool f = red[i]->in[0]->dt == DT_F32;
        const char **a = acc[i];
        a[0] = unique_name(E, fmt("%s_acc", cname(E, red[i]->out[0])));
        Buf more = {0};
        for (int k = 1; k <= NACC && rot; k++) {
          a[k] = unique_name(E, fmt("%s_%s", a[0], k < NACC ? fmt("%d", k) : "t"));
          if (k < NACC)
            buf_printf(&more, ", %s = %s", a[k], a[0]);
        }
        if (rot && rot_macros(a))
          line(E, "TC_ACC4(%s, %s, tc_%s32_splat(%s)); /* rotated every trip: four independent "
                  "chains */", acc_type(red[i]), a[0], f ? "f" : "i", red_identity_of(red[i]));
        else
          line(E, "%s %s = tc_%s32_splat(%s)%s;%s", acc_type(red[i]), a[0], f ? "f" : "i",
               red_identity_of(red[i]), more.s ? more.s : "",
               rot ? " /* rotated every trip: four independent chains */" : "");
        buf_free(&more);
      }
      full_vectors(&S, ops, n, pulled, red, nred, acc, d);
      for (int i = 0; i < nred; i++) {
        const char *a = acc[i][0];
        if (rot && rot_macros(acc[i])) {
          a = fmt("TC_FOLD4(%s, %s)", acc_fn(red[i]), a);
        } else if (rot) { /* a pairwise tree over the accumulators */
          const char *fn = acc_fn(red[i]), *t[NACC];
          for (int k = 0; k < NACC; k++)
            t[k] = acc[i][k];
          for (int w = NACC; w > 1; w /= 2)
            for (int k = 0; k < w / 2; k++)
              t[k] = fmt("%s(%s, %s)", fn, t[2 * k], t[2 * k + 1]);
          a = t[0];
        }
        emit_reduce_finish(E, red[i], a);
      }
      break;
    }
    line(E, "for (int %s = 0; %s < %d; %s++) {", IDX[d], IDX[d], s.d[d], IDX[d]);
    E->ind++;
    emit_pulled_at(E, pulled, d + 1);
  }
  for (int d = 0; d < s.rank - 1 && !jammed; d++) {
    E->ind--;
    line(E, "}");
  }
  if (in_place) {
    E->ind--;
    line(E, "}");
  }
  if (kept) {
    const char *nm = vi(kl->out[0])->kept, *t = ctype(kl->out[0]->dt, kl->out[0]->elt);
    line(E, "%s = (const %s *)tc_keep_put(&%s_site, %s);", nm, t, nm, cname(E, kl->out[0]));
    E->ind--;
    line(E, "}");
  }
  E->o = saved_o;
  E->ind = saved_ind;
  clear_pulled(pulled);
  if (S.fail) {
    if (in_place)
      vi(ld->out[0])->in_place = NULL;
    if (kept)
      vi(kl->out[0])->kept = NULL;
    E->need = saved_need;
    E->pf_bases.n = saved_bases;
    E->nt_stores.n = saved_nt;
    E->nt_used = saved_nt_used;
    E->last_line = saved_line;
    buf_free(&body);
    return false;
  }
  E->need |= H_SIMD;
  E->nkeep += kept;
  Buf decl = {0};
  for (int i = 0; i < S.pf_decl.n; i++)
    buf_printf(&decl, "%*s%s\n", saved_ind * 2, "", (const char *)S.pf_decl.v[i]);
  buf_printf(E->o, "%.*s%s%s", (int)nest_at, body.s ? body.s : "", decl.s ? decl.s : "",
             body.s ? body.s + nest_at : "");
  buf_free(&decl);
  buf_free(&body);
  E->last_line = saved_line;
  return true;
}
