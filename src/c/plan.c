/* plan.c — the C target's planning stage (Target.prepare), run once before anything is printed.
 *
 * It decides, and records on the IR (Op.group, Op.fused) and in the kernel's CPlan (plan.h):
 *   scheduling  elementwise ops of one shape moved next to each other (the IR is reordered)
 *   grouping    consecutive elementwise ops of one shape: one loop nest each
 *   fusion      a sum / max / min along the last dimension computed in its input's group loop
 *   remat       cheap index math recomputed where used instead of stored
 *   mat         a tile something outside its group reads: stored to an array
 *   invariance  values the same in every program (nothing to prefetch for the next program)
 *   traffic     the bytes a program moves, which decide prefetching and streaming stores
 *   keep        whether tiles may be kept across programs, and which tl.dot operand loads are
 *               read in place or kept
 *   carried     a loop's new value of a carried tile written straight into the carried
 *               variable, and the products of a K loop gathered in a panel (bf16 ones, fp32
 *               ones of a large accumulator)
 *   tactics     prefetching, streaming stores, rotated accumulators, K-loop panels of tl.dot
 *               products; with --plain none of
 *               them, nor kept or in-place tiles: the kernel as the Python reads, still in SIMD
 * The emitter files (emit_*.c) only read these; --emit plan prints them (c_plan_note).
 */
#include "plan.h"

#include <string.h>

/* Tri-states of the memoised walks while planning; the plan keeps their outcome as bools. */
enum { UNKNOWN, YES, NO };
typedef struct Planner {
  Kernel *k;
  CPlan *P;
  unsigned char *remat, *pinv; /* by Value.id */
} Planner;

const CVal *c_val(const Kernel *k, const Value *v) { return &k->cplan->val[v->id]; }

/* ---- what a group is made of ---- */

bool is_view_op(const Op *op) {
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

bool is_elementwise(const Op *op) {
  int c = op_class[op->k];
  if (op->k == O_STORE)
    return op->in[0]->sh.rank > 0;
  if (!op->nout || op->out[0]->sh.rank == 0)
    return false;
  return c == K_UNARY || c == K_BINARY || c == K_CMP || c == K_TERNARY || op->k == O_LOAD;
}

Shape op_shape(const Op *op) { return op->k == O_STORE ? op->in[0]->sh : op->out[0]->sh; }

/* A scalar op may sit inside a group (it is emitted before the group's loop). */
bool scalar_in_group(const Op *op, bool has_store) {
  /* an atomic keeps its place among the stores and loads around it (memory order) */
  return op->nout && op->out[0]->sh.rank == 0 && op_class[op->k] != K_CTRL && op->k != O_ATOMIC &&
         op->k != O_SREG && /* a clock read stays between what it times */
         op_class[op->k] != K_RED && !(op->k == O_LOAD && has_store);
}

/* ---- scheduling: ops of one shape next to each other ---- */
/* An elementwise op of another shape that does not depend on the open group (a bias row
 * loaded between two steps on a 2D tile, the index math of a store) moves, with the ops it
 * needs from inside the group's span, to just before the group, so that the group's loop
 * nest is not cut in two and its tiles need not be stored. Loads move only when no store
 * lies in the span; stores, reductions, control flow, prints and asserts never move. */
static bool movable(Op *op) {
  int c = op_class[op->k];
  return op->nreg == 0 && op->k != O_STORE && op->k != O_ATOMIC && c != K_CTRL && c != K_RED &&
         c != K_MISC;
}

/* Moves op i and what it needs from ops[gs..i) in front of ops[gs]; returns how many moved,
 * 0 when something in that set belongs to (or depends on) the group of shape cs. */
static int hoist_before_group(Block *b, int gs, int i, Shape cs) {
  int n = i - gs + 1, moved = 0;
  bool *in = arena_alloc((size_t)n), load = false;
  in[n - 1] = true;
  for (int p = i; p >= gs; p--) {
    if (!in[p - gs])
      continue;
    Op *o = b->ops[p];
    if (!movable(o) || (p < i && is_elementwise(o) && shape_eq(op_shape(o), cs)))
      return 0;
    load |= o->k == O_LOAD;
    moved++;
    for (int j = 0; j < o->nin; j++) {
      int q = o->in[j]->def ? ir_find_op(b, o->in[j]->def, gs, p) : -1;
      if (q >= 0)
        in[q - gs] = true;
    }
  }
  for (int p = gs; load && p < i; p++)
    if (!in[p - gs] && (b->ops[p]->k == O_STORE || b->ops[p]->k == O_ATOMIC))
      return 0;
  Op **tmp = arena_alloc(sizeof(Op *) * (size_t)n);
  int k = 0;
  for (int p = gs; p <= i; p++)
    if (in[p - gs])
      tmp[k++] = b->ops[p];
  for (int p = gs; p <= i; p++)
    if (!in[p - gs])
      tmp[k++] = b->ops[p];
  memcpy(&b->ops[gs], tmp, sizeof(Op *) * (size_t)n);
  return moved;
}

/* tl.sum / tl.max / tl.min of one value along its last dimension: what a loop over that value
 * can accumulate */
static bool last_axis_reduce(const Op *op) {
  if (op->k != O_REDUCE || op->nin != 1)
    return false;
  if (op->comb != COMB_SUM && op->comb != COMB_MAX && op->comb != COMB_MIN)
    return false;
  return op->in[0]->def && op->axis == op->in[0]->sh.rank - 1;
}

/* A sum / max / min along the last dimension of a value of the open group is computed in the
 * group's loop (see fusable_reduce), so it does not end the group, but an op reading its result
 * does (the result exists only after the loop). `pend` collects those results and the views
 * of them. Does op read a result in `pend`? A view op that does joins them. */
static bool reads_absorbed(Op *op, Vec *pend) {
  for (int j = 0; j < op->nin; j++)
    for (int k = 0; k < pend->n; k++)
      if (op->in[j] == pend->v[k]) {
        if (is_view_op(op))
          vec_push(pend, op->out[0]);
        return true;
      }
  return false;
}

static void schedule_ops(Block *b) {
  int gs = -1;
  Shape cs = {0};
  bool has_store = false;
  Vec pend = {0};
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    bool after = reads_absorbed(op, &pend);
    if (is_view_op(op))
      continue;
    if (is_elementwise(op)) {
      if (gs >= 0 && !shape_eq(cs, op_shape(op)) && !after) {
        int m = hoist_before_group(b, gs, i, cs);
        if (m) {
          gs += m;
          continue;
        }
      }
      if (gs < 0 || !shape_eq(cs, op_shape(op)) || after) {
        gs = i;
        cs = op_shape(op);
        has_store = false;
        pend.n = 0;
      }
      has_store |= op->k == O_STORE;
      continue;
    }
    /* while scheduling there are no groups yet: a reduction of a value computed in the span */
    if (gs >= 0 && last_axis_reduce(op) && ir_find_op(b, op->in[0]->def, gs, i) >= 0) {
      vec_push(&pend, op->out[0]);
      continue;
    }
    if (!scalar_in_group(op, has_store) || after) {
      gs = -1;
      pend.n = 0;
    }
  }
}

/* ---- rematerialisation and fusion ---- */

static bool is_remat(Planner *p, Value *v);

/* Cheap index math (offsets, masks, pointer tiles: integer ops on aranges, scalars and
 * broadcasts of them) is recomputed wherever it is used instead of being stored to an array,
 * like Triton's rematerialisation of index tiles. */
static bool remat_operand(Planner *p, Value *u) {
  if (u->sh.rank == 0 || !u->def)
    return true;
  Op *d = u->def;
  if (is_view_op(d))
    return d->nin == 0 || remat_operand(p, d->in[0]);
  return is_remat(p, u);
}

static bool remat_kind(const Op *d) {
  switch (d->k) {
  case O_ADD: case O_SUB: case O_MUL: case O_AND: case O_OR: case O_XOR: case O_SHL:
  case O_SHR: case O_LT: case O_LE: case O_GT: case O_GE: case O_EQ: case O_NE: case O_PTRADD:
  case O_NOT: case O_MIN: case O_MAX: case O_DIV: case O_MOD:
    return true;
  case O_CAST:
    return !dt_is_float(d->in[0]->dt);
  default:
    return false;
  }
}

/* Asked while grouping (a group's ops are grouped before anything reads them) and then for
 * every value: the answer depends only on the groups of v's definition and its operands. */
static bool is_remat(Planner *p, Value *v) {
  unsigned char *m = &p->remat[v->id];
  if (*m != UNKNOWN)
    return *m == YES;
  *m = NO;
  Op *d = v->def;
  if (!d || d->group < 0 || v->sh.rank == 0 || dt_is_float(v->dt) || !remat_kind(d))
    return false;
  for (int j = 0; j < d->nin; j++)
    if (!remat_operand(p, d->in[j]))
      return false;
  *m = YES;
  return true;
}

/* A sum / max / min along the last dimension of a value computed in a group is folded into
 * that group's loop: accumulators live across the innermost loop, so the value need not be
 * stored (the "keep SIMD partial accumulators" part of fusion). */
static bool fusable_reduce(Planner *p, Op *op) {
  if (!last_axis_reduce(op))
    return false;
  Value *v = op->in[0];
  return v->def->group >= 0 && !is_remat(p, v) && (v->dt == DT_F32 || v->dt == DT_I32) &&
         v->def->parent == op->parent;
}

/* ---- grouping ---- */

static void group_block(Planner *p, Block *b) {
  schedule_ops(b);
  int cur = -1;
  Shape cs = {0};
  bool has_store = false;
  Vec pend = {0};
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      group_block(p, op->reg[r]);
    bool after = reads_absorbed(op, &pend);
    if (is_view_op(op))
      continue;
    if (is_elementwise(op)) {
      if (cur < 0 || !shape_eq(cs, op_shape(op)) || after) {
        cur = p->P->ngroups++;
        cs = op_shape(op);
        has_store = false;
        pend.n = 0;
      }
      has_store |= op->k == O_STORE;
      op->group = cur;
      continue;
    }
    if (cur >= 0 && fusable_reduce(p, op) && op->in[0]->def->group == cur) {
      vec_push(&pend, op->out[0]);
      continue;
    }
    if (!scalar_in_group(op, has_store) || after) {
      cur = -1;
      pend.n = 0;
    }
  }
}

/* Every op starts in no group, not fused. */
static void clear_ops(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    b->ops[i]->group = -1;
    b->ops[i]->fused = false;
    for (int r = 0; r < b->ops[i]->nreg; r++)
      clear_ops(b->ops[i]->reg[r]);
  }
}

/* Each group's block and last op, and the reductions fused into it (Op.fused). */
static void index_groups(Planner *p, Block *b) {
  CPlan *P = p->P;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->group >= 0) {
      CGroup *g = &P->group[op->group];
      if (!g->b)
        g->first = i;
      g->b = b;
      g->last = i;
    }
    if (fusable_reduce(p, op)) {
      op->fused = true;
      vec_push(&P->group[op->in[0]->def->group].reds, op);
    }
    for (int r = 0; r < op->nreg; r++)
      index_groups(p, op->reg[r]);
  }
}

/* A value computed in a group is stored to an array when anything outside the group uses it. */
static void mark_uses(Planner *p, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++) {
      Value *v = op->in[j];
      if (v->def && v->def->group >= 0 && v->def->group != op->group && !is_remat(p, v) &&
          !(op->fused && op->k == O_REDUCE))
        p->P->val[v->id].mat = true;
    }
    for (int r = 0; r < op->nreg; r++)
      mark_uses(p, op->reg[r]);
  }
}

/* ---- program invariance ---- */

/* The for op whose loop variable is the block argument v, if v is one: searched in the
 * blocks enclosing `at`. */
static Op *loop_of_iv(Value *v, Block *at) {
  for (Block *b = at; b && b->parent; b = b->parent->parent)
    if (b->parent->k == O_FOR && b->nargs > 0 && b->args[0] == v)
      return b->parent;
  return NULL;
}

/* Is v the same in every program (it depends on no program id, no loaded value and no
 * loop-carried variable)? Then an access through it has nothing to prefetch for the next
 * program: a weight row, a bias vector. `at` is a block where v is visible. */
static bool program_invariant(Planner *p, Value *v, Block *at) {
  unsigned char *m = &p->pinv[v->id];
  if (*m != UNKNOWN)
    return *m == YES;
  *m = NO;
  Op *d = v->def;
  bool inv;
  if (!d) {
    Op *loop = loop_of_iv(v, at);
    inv = loop && program_invariant(p, loop->in[0], loop->parent) &&
          program_invariant(p, loop->in[1], loop->parent) &&
          program_invariant(p, loop->in[2], loop->parent);
  } else if (d->k == O_PROGRAM_ID || d->k == O_LOAD || d->k == O_ATOMIC || d->nreg) {
    inv = false;
  } else {
    inv = true;
    for (int j = 0; j < d->nin && inv; j++)
      inv = program_invariant(p, d->in[j], d->parent);
  }
  *m = inv ? YES : NO;
  return inv;
}

Value *base_pointer(Value *p, bool through_scalars) {
  while (p->def && (through_scalars || p->sh.rank > 0) &&
         (p->def->k == O_PTRADD || (is_view_op(p->def) && p->def->nin == 1)))
    p = p->def->in[0];
  return p;
}

/* The per-value outcomes, in program order (so that each memoised walk recurses one level). */
static void decide_values(Planner *p, Block *b) {
  CVal *val = p->P->val;
  for (int i = 0; i < b->nargs; i++)
    val[b->args[i]->id].pinv = program_invariant(p, b->args[i], b);
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      decide_values(p, op->reg[r]);
    for (int j = 0; j < op->nout; j++) {
      Value *v = op->out[j];
      val[v->id].remat = is_remat(p, v);
      val[v->id].pinv = program_invariant(p, v, b);
    }
  }
}

/* ---- traffic ---- */

/* The bytes one program loads and stores from memory, counting one trip of each loop whose
 * trip count is known only at run time (a while loop, a range over a kernel argument), which
 * then clears bytes_exact. What several accesses through one pointer read (a row loaded again
 * by each of layer norm's three loops) counts once: per root pointer (the scalar pointer a
 * pointer tile is built on) and direction, the largest of its accesses; accesses the same in
 * every program (a weight vector) count for none. A launch moving less than
 * TC_PREFETCH_MIN_BYTES in all is taken to find its data in cache, and when the count is
 * exact its programs skip the next-program prefetches, which would only take load slots
 * there; a launch moving at least TC_STREAM_MIN_BYTES even by the lower bound streams its
 * whole-vector stores past the caches. */
typedef struct Access {
  Value *root; /* the first scalar pointer under the access's pointer tile */
  bool store;
  bool shared; /* every access is the same in every program */
  long long bytes;
} Access;
typedef struct Traffic {
  int n, cap;
  Access *r;
} Traffic;

static Access *access_of(Traffic *t, Value *root, bool store) {
  int k = 0;
  while (k < t->n && (t->r[k].root != root || t->r[k].store != store))
    k++;
  if (k == t->n && t->n == t->cap) {
    Access *r = arena_alloc(sizeof(Access) * (size_t)(t->cap = 2 * t->cap + 16));
    if (t->n)
      memcpy(r, t->r, sizeof(Access) * (size_t)t->n);
    t->r = r;
  }
  if (k == t->n)
    t->r[t->n++] = (Access){root, store, true, 0};
  return &t->r[k];
}

/* A for loop's trip count times `trips`, at most 2^30; clears *exact when it is not constant. */
static long long loop_trips(Op *op, long long trips, bool *exact) {
  Op *lo = op->in[0]->def, *hi = op->in[1]->def, *st = op->in[2]->def;
  if (!lo || !hi || !st || lo->k != O_CONST || hi->k != O_CONST || st->k != O_CONST ||
      st->ival <= 0)
    *exact = false;
  else if (hi->ival <= lo->ival)
    trips = 0;
  else { /* ceil((hi - lo) / st) without overflow, at most 2^30 */
    unsigned long long span = (unsigned long long)hi->ival - (unsigned long long)lo->ival;
    unsigned long long n = span / (unsigned long long)st->ival + (span % (unsigned long long)st->ival != 0);
    trips *= n > (1ULL << 30) ? 1LL << 30 : (long long)n;
  }
  return trips > (1LL << 30) ? 1LL << 30 : trips;
}

static void count_traffic(Planner *p, Block *b, long long trips, Traffic *t, bool *exact) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_LOAD || op->k == O_STORE || op->k == O_ATOMIC) {
      Value *v = op->k == O_LOAD ? op->out[0] : op->in[1];
      long long n = shape_numel(v->sh) * ((dt_bits(v->dt) + 7) / 8) * trips;
      Access *a = access_of(t, base_pointer(op->in[0], false), op->k != O_LOAD);
      a->shared &= program_invariant(p, op->in[0], b);
      if (n > a->bytes)
        a->bytes = n > (1LL << 40) ? 1LL << 40 : n;
    }
    if (op->k == O_WHILE)
      *exact = false;
    long long inner = op->k == O_FOR ? loop_trips(op, trips, exact) : trips;
    for (int r = 0; r < op->nreg; r++)
      count_traffic(p, op->reg[r], inner, t, exact);
  }
}

/* The bytes of one program, and (in P->shared_bytes) those the same in every program. */
static void program_bytes(Planner *p, Block *b) {
  Traffic t = {0};
  CPlan *P = p->P;
  P->bytes_exact = true;
  count_traffic(p, b, 1, &t, &P->bytes_exact);
  for (int k = 0; k < t.n; k++) {
    long long *sum = t.r[k].shared ? &P->shared_bytes : &P->bytes;
    *sum += t.r[k].bytes;
    if (*sum > (1LL << 40))
      *sum = 1LL << 40;
  }
}

static bool has_atomic(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    if (b->ops[i]->k == O_ATOMIC)
      return true;
    for (int r = 0; r < b->ops[i]->nreg; r++)
      if (has_atomic(b->ops[i]->reg[r]))
        return true;
  }
  return false;
}

/* ---- tiles kept across programs ---- */

static bool kernel_arg(const Kernel *k, const Value *v) {
  for (int i = 0; i < k->nparams; i++)
    if (k->params[i].val == v)
      return true;
  return false;
}

static bool stored_through(const CPlan *P, const Value *base) {
  for (int i = 0; i < P->stored.n; i++)
    if (P->stored.v[i] == base)
      return true;
  return false;
}

/* Kernel arguments stored through (P->stored) and whether tiles may be kept across programs:
 * not when the kernel orders memory between programs (atomics, barriers, inline asm, volatile
 * loads) or stores through a pointer that is no kernel argument (it may point anywhere). */
static void keep_scan(Planner *p, Block *b) {
  CPlan *P = p->P;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_ATOMIC || op->k == O_BARRIER || op->k == O_ASM ||
        (op->k == O_LOAD && (op->flags & LOAD_VOLATILE)))
      P->keep_ok = false;
    if (op->k == O_STORE) {
      Value *base = base_pointer(op->in[0], true);
      if (!kernel_arg(p->k, base))
        P->keep_ok = false;
      else if (!stored_through(P, base))
        vec_push(&P->stored, base);
    }
    for (int r = 0; r < op->nreg; r++)
      keep_scan(p, op->reg[r]);
  }
}

static bool op_stores(const Op *op);
static bool stores_in(const Block *b) {
  for (int i = 0; i < b->nops; i++)
    if (op_stores(b->ops[i]))
      return true;
  return false;
}
/* Is op a store, or does it hold one? */
static bool op_stores(const Op *op) {
  if (op->k == O_STORE)
    return true;
  for (int r = 0; r < op->nreg; r++)
    if (stores_in(op->reg[r]))
      return true;
  return false;
}

/* May a store of op's program run before op? (One earlier in an enclosing block, or anywhere
 * in an enclosing loop, whose next trip follows it.) */
static bool stored_before(Op *op) {
  for (Block *b = op->parent; b; op = b->parent, b = op ? op->parent : NULL) {
    for (int i = 0; i < b->nops && b->ops[i] != op; i++)
      if (op_stores(b->ops[i]))
        return true;
    Op *owner = b->parent;
    if (owner && (owner->k == O_FOR || owner->k == O_WHILE) && op_stores(owner))
      return true;
  }
  return false;
}

/* A load whose copy may be kept across programs (runtime section keep says when that pays and
 * why it is sound): the kernel allows it, the tile is loaded through a kernel argument the
 * kernel never stores through, and no store of the program runs before it (a program reads its
 * own stores, whatever the arguments alias). Asked only of a group's tl.dot second operand
 * (dot_operands): stored_before walks the enclosing blocks. */
static bool keepable(Planner *p, Op *ld) {
  if (!p->P->keep_ok || ld->k != O_LOAD || stored_before(ld))
    return false;
  Value *base = base_pointer(ld->in[0], true);
  return !stored_through(p->P, base) && kernel_arg(p->k, base);
}

/* ---- tl.dot operands read in place or kept ---- */

/* May op write memory (or hold ops that may)? */
static bool may_write(const Op *op) {
  switch (op->k) {
  case O_STORE: case O_ATOMIC: case O_BARRIER: case O_FOR: case O_WHILE: case O_IF:
  case O_RETURN:
    return true;
  case O_ASM:
    return !(op->flags & 1); /* is_pure=False */
  default:
    return false;
  }
}

/* The op after ld in its block that reads it, when it is a tl.dot with nothing between them
 * that may write memory; or NULL. */
static Op *dot_reading(const CGroup *grp, Op *ld) {
  Block *b = ld->parent;
  int i = ir_find_op(b, ld, grp->first, grp->last + 1);
  for (i++; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_DOT && (op->in[0] == ld->out[0] || op->in[1] == ld->out[0]))
      return op;
    if (may_write(op))
      return NULL;
  }
  return NULL;
}

/* The load whose tile a tl.dot reads as its operand `which` (0: first, 1: second), an fp32
 * load in a 2-D group of its own (index math aside) that only that product reads, with nothing
 * between them that may write memory; or NULL. */
static Op *dot_operand_load(Planner *p, int g, int which) {
  const CGroup *grp = &p->P->group[g];
  Op *ld = NULL;
  for (int i = grp->first; i <= grp->last; i++) {
    Op *op = grp->b->ops[i];
    if (op->group != g || (op->nout && p->P->val[op->out[0]->id].remat))
      continue;
    if (!ld && op_shape(op).rank != 2)
      return NULL; /* the first op printed gives the group's shape */
    if (may_write(op))
      return NULL;
    if (!op->nout || !p->P->val[op->out[0]->id].mat)
      continue;
    if (ld || op->k != O_LOAD || op->out[0]->dt != DT_F32 || op->out[0]->uses != 1)
      return NULL;
    ld = op;
  }
  Op *dot = ld && !grp->reds.n ? dot_reading(grp, ld) : NULL;
  if (!dot)
    return NULL;
  return dot->in[which] == ld->out[0] && dot->in[!which] != ld->out[0] &&
                 dot->out[0]->dt != DT_F64 ? ld : NULL;
}

/* Per group, the first tl.dot operand the product may read in place, else the second one whose
 * copy may be kept (CGroup.in_place, CGroup.kept); none in a plain kernel. */
static void dot_operands(Planner *p) {
  for (int g = 0; g < p->P->ngroups && !p->P->plain; g++) {
    CGroup *grp = &p->P->group[g];
    if (!grp->b)
      continue;
    grp->in_place = dot_operand_load(p, g, 0);
    Op *kl = grp->in_place ? NULL : dot_operand_load(p, g, 1);
    grp->kept = kl && keepable(p, kl) ? kl : NULL;
  }
}

/* ---- loop-carried tiles ---- */

static Op *block_end(Block *b) { return b->nops ? b->ops[b->nops - 1] : NULL; }

/* `acc += x` in a loop: when the new value of a carried tile is computed elementwise by the
 * last op of its group that reads the old value, and nothing else reads the old value, the
 * group writes straight into the carried variable instead of a copy made at the yield. */
static bool reads_only_in(Block *b, Value *a, int g, Op *def) {
  bool after_def = false;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    bool reads = false;
    for (int j = 0; j < op->nin; j++)
      reads |= op->in[j] == a;
    /* readers: only ops of the group, none after the op that computes the new value */
    if (reads && (op->group != g || op->k == O_YIELD || (after_def && op != def)))
      return false;
    for (int r = 0; r < op->nreg; r++)
      if (!reads_only_in(op->reg[r], a, -2, NULL))
        return false;
    after_def |= op == def;
  }
  return true;
}

/* `acc = tl.dot(a, b, acc)` in a loop: the product adds into the carried tile itself when the
 * dot is the only reader of the old value (views included: they read it where they are used). */
static bool only_reader(Block *b, Value *a, Op *d) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++)
      if (op->in[j] == a && op != d)
        return false;
    for (int r = 0; r < op->nreg; r++)
      if (!only_reader(op->reg[r], a, d))
        return false;
  }
  return true;
}

static bool dot_into_carried(Block *b, Value *y, Value *a) {
  Op *d = y->def;
  if (!d || d->k != O_DOT || d->parent != b || d->in[2] != a || d->in[0] == a || d->in[1] == a)
    return false;
  return only_reader(b, a, d);
}

/* May the loop's new value y of the carried tile a be written into a's variable? */
static bool carried_in_place(Planner *p, Block *b, Value *y, Value *a) {
  const CVal *v = &p->P->val[y->id];
  if (v->into)
    return false; /* it is already another result's */
  if (dot_into_carried(b, y, a))
    return true;
  if (!y->def || y->def->parent != b || y->def->group < 0 || !v->mat || v->remat || y->sh.rank == 0)
    return false;
  bool used_in_def = false;
  for (int k = 0; k < y->def->nin; k++)
    used_in_def |= y->def->in[k] == a;
  return used_in_def && reads_only_in(b, a, y->def->group, y->def);
}

bool bf16_dot(const Op *op) {
  return op->in[0]->dt == DT_BF16 && op->in[1]->dt == DT_BF16 && op->out[0]->dt == DT_F32;
}

/* Is r, a tl.dot's result in block b, read only by b's yield (nothing in the trip reads it)? */
static bool yield_only(Block *b, Value *r) {
  Op *y = block_end(b);
  if (r->uses != 1 || !y || y->k != O_YIELD)
    return false;
  for (int i = 0; i < y->nin; i++)
    if (y->in[i] == r)
      return true;
  return false;
}

/* The smallest fp32 accumulator that takes a panel: half of a 32 KiB L1 data cache. A smaller
 * tile stays in L1 from trip to trip, where loading and storing it per trip costs little; a
 * larger one (64 KiB at 128 x 128) streams through L1 on every trip of BLOCK_K. */
enum { PANEL_MIN_C_BYTES = 16384 };

/* Which products a panel serves: bf16 ones (the tile unit's, runtime section panel) and fp32
 * ones of a large accumulator (the register-blocked micro-kernel, section f32pack). */
static bool panel_dot(const Op *op) {
  const Value *r = op->out[0];
  if (r->sh.rank != 2)
    return false;
  if (bf16_dot(op))
    return true;
  return r->dt == DT_F32 && op->in[0]->dt != DT_I8 &&
         (long long)r->sh.d[0] * r->sh.d[1] * 4 >= PANEL_MIN_C_BYTES;
}

/* Does anything in b (its regions included) write memory? */
static bool writes_in(const Block *b) {
  for (int i = 0; i < b->nops; i++) {
    const Op *op = b->ops[i];
    bool holder = op->k == O_FOR || op->k == O_WHILE || op->k == O_IF;
    if (may_write(op) && !holder)
      return true;
    for (int r = 0; r < op->nreg; r++)
      if (writes_in(op->reg[r]))
        return true;
  }
  return false;
}

/* Per for loop: which new values of carried tiles go straight into the carried variables
 * (CVal.into), then which of its products add into such a tile that nothing else in the loop
 * reads, before or after the product, and so gather in a panel (CVal.panel: a tactic without a
 * Python line, none under --plain). When the product reads its first operand in place and
 * nothing in the loop writes memory, the panel may read that operand there when it is added,
 * after later trips (CVal.panel_reads). */
static void carried_tiles(Planner *p, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      carried_tiles(p, op->reg[r]);
    if (op->k != O_FOR)
      continue;
    Block *body = op->reg[0];
    Op *yield = block_end(body);
    for (int j = 0; j < op->nout; j++)
      if (carried_in_place(p, body, yield->in[j], body->args[1 + j]))
        p->P->val[yield->in[j]->id].into = op->out[j];
    for (int k = 0; k < body->nops && p->P->panel; k++) {
      Op *d = body->ops[k];
      Value *r = d->k == O_DOT ? d->out[0] : NULL;
      if (!r || !p->P->val[r->id].into || !panel_dot(d) || !yield_only(body, r))
        continue;
      Op *ld = d->in[0]->def; /* the first operand's load, when the product may read it in place */
      CVal *v = &p->P->val[r->id];
      v->panel = true;
      v->panel_reads = !bf16_dot(d) && ld && ld->group >= 0 && p->P->group[ld->group].in_place == ld &&
                       !writes_in(body);
    }
  }
}

/* ---- the stage ---- */

/* What only the GPU has: tl.inline_asm_elementwise (PTX) and %smid (the multiprocessor's id)
 * are positioned errors. %globaltimer counts nanoseconds; the CPU's C11 UTC clock does too. */
static void check_gpu_only(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_ASM)
      error_at(op->loc, "tl.inline_asm_elementwise is not supported on the C target: its "
               "assembly is for the GPU (PTX) and cannot become C; translate with --target "
               "cuda, or write the operation with tl.* functions");
    if (op->k == O_SREG && strcmp(op->str, "globaltimer"))
      error_at(op->loc, "tl.extra.cuda.%s() reads a GPU special register (the streaming "
               "multiprocessor's id): the C target has no equivalent (it exists on --target "
               "cuda)", op->str);
    for (int r = 0; r < op->nreg; r++)
      check_gpu_only(op->reg[r]);
  }
}

/* The tactics without a Python line. Streaming stores need traffic to decide on (a kernel that
 * moves nothing has no launch size) and no atomics (they are weakly ordered: an atomic's
 * release would not publish them). */
static void decide_tactics(CPlan *P, bool plain) {
  P->plain = plain;
  P->prefetch = !plain;
  P->stream = !plain && P->bytes + P->shared_bytes > 0 && !P->atomics;
  P->rotate = !plain;
  P->panel = !plain;
  if (plain)
    P->keep_ok = false;
}

/* tl.debug_barrier orders the threads of one program; a C program is one thread. */
static void drop_barriers(Block *b) {
  int n = 0;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      drop_barriers(op->reg[r]);
    if (op->k != O_BARRIER)
      b->ops[n++] = op;
  }
  b->nops = n;
}

void c_prepare(Kernel *k, const Options *opts) {
  check_gpu_only(k->body);
  drop_barriers(k->body);
  ir_count_uses(k);
  CPlan *P = arena_alloc(sizeof *P);
  int n = k->next_value_id;
  P->nvals = n;
  P->val = arena_alloc(sizeof(CVal) * (size_t)(n ? n : 1));
  Planner p = {k, P, arena_alloc((size_t)n + 1), arena_alloc((size_t)n + 1)};
  clear_ops(k->body);
  group_block(&p, k->body);
  P->group = arena_alloc(sizeof(CGroup) * (size_t)(P->ngroups + 1));
  index_groups(&p, k->body);
  mark_uses(&p, k->body);
  decide_values(&p, k->body);
  program_bytes(&p, k->body);
  P->atomics = has_atomic(k->body);
  P->keep_ok = true;
  keep_scan(&p, k->body);
  decide_tactics(P, opts->plain);
  dot_operands(&p);
  carried_tiles(&p, k->body);
  k->cplan = P;
}

/* ---- --emit plan ---- */

/* The kernel's line (op NULL): groups, traffic, streaming and keeping; then per op what the
 * emitter will read: its group (gN), a reduction fused into its input's group (fused gN), and
 * per result: stored to an array (mat), recomputed where used (remat), the same in every
 * program (pinv), written into the variable of the loop result %N it becomes (into %N), a bf16
 * product gathered in its K loop's panel (panel), a tl.dot operand read in place or kept across
 * programs. */
void c_plan_note(FILE *out, const Kernel *k, const Op *op) {
  const CPlan *P = k->cplan;
  if (!op) {
    fprintf(out, "  plan c: %d groups; a program moves %lld bytes%s, %lld more are the same in every "
            "program", P->ngroups, P->bytes, P->bytes_exact ? "" : " or more", P->shared_bytes);
    if (P->atomics)
      fprintf(out, "; atomics: no streaming stores");
    fprintf(out, "; tiles kept across programs: %s", P->keep_ok ? "allowed" : "no");
    for (int i = 0; P->keep_ok && i < P->stored.n; i++) {
      const Value *v = P->stored.v[i];
      fprintf(out, "%s%%%d%s%s", i ? ", " : " (stores through ", v->id, v->name ? "." : "",
              v->name ? v->name : "");
    }
    fprintf(out, "%s", P->keep_ok && P->stored.n ? ")" : "");
    if (P->plain)
      fprintf(out, "; plain: no prefetches, streaming stores, in-place tl.dot operands, "
              "rotated accumulators or K-loop panels");
    fprintf(out, "\n");
    return;
  }
  if (is_view_op(op))
    return;
  Buf b = {0};
  if (op->group >= 0)
    buf_printf(&b, " g%d", op->group);
  if (op->fused)
    buf_printf(&b, " fused g%d", op->in[0]->def->group);
  for (int j = 0; j < op->nout; j++) {
    const CVal *v = &P->val[op->out[j]->id];
    buf_printf(&b, "%s%s%s", v->mat ? " mat" : "", v->remat ? " remat" : "", v->pinv ? " pinv" : "");
    if (v->into)
      buf_printf(&b, " into %%%d", v->into->id);
    buf_puts(&b, v->panel ? (v->panel_reads ? " panel reads-in-place" : " panel") : "");
  }
  if (op->group >= 0 && P->group[op->group].in_place == op)
    buf_puts(&b, " in-place");
  if (op->group >= 0 && P->group[op->group].kept == op)
    buf_puts(&b, " kept");
  if (b.n)
    fprintf(out, "  [%s]", b.s + 1);
  buf_free(&b);
}
