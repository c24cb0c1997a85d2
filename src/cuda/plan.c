/* plan.c — Target.prepare for CUDA (stage 5): how the kernel's tiles and dots are realised,
 * decided before anything is printed and recorded on the IR (Kernel.cu, Value.cu, Op.cu; the
 * records are in cuda.h). The emitter reads these records and decides none of it again.
 *
 * In order:
 *   0. cu_fp8_operands (fp8.c): a dot of fp8 tiles the tensor cores can multiply reads them,
 *      not the fp16 conversions sema wrote (the operands then take int8's forms below).
 *      cu_operand_order (order.c): a dot's B read along K through pointers (W [N, K] taken
 *      without tl.trans, a block pointer of order (0, 1)) takes the tl.trans form the dot forms
 *      know, decided from the axis facts; a second pass_axis gives the new views their facts.
 *   1. cu_prefetch (pipeline.c) loads the operands of a K loop's tensor-core dots trips ahead;
 *      it reads the axis facts main.c computed (a load streams only in 16-byte vectors), and the
 *      loads and index math it adds get theirs from a second pass_axis, as when it ran among
 *      the shared passes.
 *   2. Layouts (plan_block, to a fixed point): a tensor-core dot's result lives in the MMA
 *      accumulator layout of its warps (mma.sync, lay_mma) or warpgroups (wgmma on sm_90a,
 *      lay_wgmma), and so do what carries it around a loop, what follows it elementwise and its
 *      row statistics, so `acc = tl.dot(a, b, acc)` never moves acc.
 *   3. Rings (plan_ring): the operands cu_prefetch carries stream through D + 1 stages of shared
 *      memory by cp.async; operands from outside the loop are staged once before it (pins). An
 *      operand x.to(fp16) of an int8 tile x streams x, which the dot converts (Pipe.conv).
 *   4. Operands copied straight to shared memory by cp.async for a dot outside a ring
 *      (plan_async), issued where they stand or at the dot (late).
 *   5. Packed operands (plan_packed): p.to(fp16) converted pairwise where the dot stages it.
 *   6. Per dot (plan_dots): B staged K-major, a wide B kept [K, N], A from registers, a wgmma
 *      that waits for the group before, a warpgroup barrier for A its warpgroups staged. */
#include "cuda.h"

#include <string.h>

static const CuValPlan no_vplan;
static const CuOpPlan no_oplan;

const CuValPlan *cu_vplan(const Value *v) { return v->cu ? v->cu : &no_vplan; }
const CuOpPlan *cu_oplan(const Op *op) { return op->cu ? op->cu : &no_oplan; }

/* the records, to write */
static CuValPlan *vp(Value *v) {
  if (!v->cu)
    v->cu = arena_alloc(sizeof *v->cu);
  return v->cu;
}

static CuOpPlan *opp(Op *op) {
  if (!op->cu)
    op->cu = arena_alloc(sizeof *op->cu);
  return op->cu;
}

static Lay *lay_at(Value *v) { return cu_vplan(v)->lay; }

/* ---- 2. layouts ---- */

/* The warps along M and N of the tensor-core form of op, false when op needs the plain form:
 * an mma kind, 32 bytes of K per step, and every warp with whole 16x16 tiles. */
static bool mma_warps(CE *E, Op *op, int *wm, int *wn) {
  Value *r = op->out[0];
  if (!cu_mma_kind(op) || !cu_mma_shape(op, cu_mma_bytes(op), E->T / 32))
    return false;
  int M = r->sh.d[0], N = r->sh.d[1], W = E->T / 32;
  int m = 1, n = 1;
  while (m * n < W) { /* split the longer side of a warp's part */
    if (M / (m * 2) >= 16 && (M / m >= N / n || N / (n * 2) < 16))
      m *= 2;
    else
      n *= 2;
  }
  *wm = m;
  *wn = n;
  return true;
}

static void set_lay(Value *v, Lay *L, bool *changed) {
  if (!lay_at(v)) {
    vp(v)->lay = L;
    *changed = true;
  }
}

/* carried values (results, block arguments) take the layout of what the loop body yields */
static void carry(Op *op, Block *body, Block *cond, int first_arg, bool *changed) {
  Op *y = ir_yield(body);
  if (!y)
    return;
  for (int i = 0; i < y->nin && i < op->nout; i++) {
    Lay *L = lay_at(y->in[i]);
    if (!L)
      continue;
    set_lay(op->out[i], L, changed);
    set_lay(body->args[first_arg + i], L, changed);
    if (cond)
      set_lay(cond->args[i], L, changed);
  }
}

static bool elementwise(Op *op) {
  int c = op_class[op->k];
  return (c == K_UNARY || c == K_BINARY || c == K_CMP || c == K_TERNARY) && op->nout == 1;
}

/* a row statistic of the accumulator stays in the rows' threads */
static void plan_reduce(Op *op, bool *changed) {
  if (op->nin != 1 || op->nout != 1 || !op->out[0]->sh.rank || !lay_at(op->in[0]) || lay_at(op->out[0]) ||
      COMB_IS_ARG(op->comb))
    return;
  Lay S;
  if (lay_slice(*lay_at(op->in[0]), op->axis, op->out[0]->sh, &S)) {
    Lay *L = arena_alloc(sizeof *L);
    *L = S;
    set_lay(op->out[0], L, changed);
  }
}

static void plan_block(CE *E, Block *b, bool *changed) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      plan_block(E, op->reg[r], changed);
    int wm, wn;
    if (op->k == O_DOT && mma_warps(E, op, &wm, &wn) && !lay_at(op->out[0])) {
      Lay *L = arena_alloc(sizeof *L);
      *L = cu_dot_wgmma_shape(E->k, op, &wm, &wn) ? lay_wgmma(E, op->out[0]->sh, wm, wn)
                                                   : lay_mma(E, op->out[0]->sh, wm, wn);
      set_lay(op->out[0], L, changed);
    } else if (elementwise(op) && op->out[0]->sh.rank && !cu_virtual(E, op->out[0])) {
      for (int j = 0; j < op->nin; j++) { /* a result in its tile operand's layout: no copy */
        Lay *L = lay_at(op->in[j]);
        if (L && shape_eq(op->in[j]->sh, op->out[0]->sh)) {
          set_lay(op->out[0], L, changed);
          break;
        }
      }
    } else if (op->k == O_REDUCE) {
      plan_reduce(op, changed);
    } else if (op->k == O_FOR) {
      carry(op, op->reg[0], NULL, 1, changed);
    } else if (op->k == O_WHILE) {
      carry(op, op->reg[1], op->reg[0], 0, changed);
    }
  }
}

/* the dot's result lives in a tensor-core layout (mma.sync's or wgmma's) */
static Lay *mma_lay(Op *dot) {
  Lay *L = dot->k == O_DOT ? lay_at(dot->out[0]) : NULL;
  return L && L->mapped ? L : NULL;
}

static bool wg_dot(Op *dot) { return lay_at(dot->out[0]) && lay_at(dot->out[0])->wg; }

/* B = tl.trans(k) of a tensor-core dot: k [N, K] goes to shared memory as it is, K-major (the
 * layout of an A operand), and the tensor cores read it untransposed (wgmma's descriptor of a
 * K-major B; for mma.sync, ldmatrix without .trans from [N, K] rows, as A's fragments) */
static bool kmajor_b(CE *E, Op *dot) {
  Value *b = dot->in[1];
  return (wg_dot(dot) || cu_mma_kind(dot)) && cu_virtual(E, b) &&
         b->def->k == O_PERMUTE && b->sh.rank == 2 && !cu_virtual(E, b->def->in[0]);
}

static void plan_kmajor(CE *E, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      plan_kmajor(E, op->reg[r]);
    if (op->k == O_DOT && kmajor_b(E, op))
      opp(op)->kmajor_b = true;
  }
}

/* ---- 3. rings ---- */

/* v, an operand of dot (conv: the 8-bit integer tile the operand converts), is a load
 * cu_cp_async_load accepts whose threads each hold whole 16-byte chunks */
static Op *streamable(CE *E, Op *dot, Value *v, bool conv) {
  Op *L = cu_cp_async_load(dot, v, conv);
  return L && lay_of(E, v->sh).V % (16 / (dt_bits(v->dt) / 8)) == 0 ? L : NULL;
}

/* v's slot among a for loop's carried values (argument 0 is the induction variable), or -1 */
static int carried_index(Block *b, Value *v) {
  int i = ir_arg_index(b, v);
  return i > 0 ? i - 1 : -1;
}

/* operand o of a dot in loop's body: the chain of carried tiles a_0 (what the dot reads, or
 * the 8-bit integer tile the operand converts: p->conv) .. a_{D-1}, each yielded as the one
 * before it, the last yielded from a streamable load of the body; its length D, or 0 */
static int operand_chain(CE *E, Op *loop, Op *dot, int o, Block *parent, Op *y, Pipe *p, Value **args) {
  Block *b = loop->reg[0];
  Value *a = dot->in[o];
  if (o == 1 && cu_oplan(dot)->kmajor_b)
    a = a->def->in[0];
  Value *x = cu_conv_src(dot, a);
  if (x) {
    p->conv = a;
    a = x;
  }
  for (int t = 0; t < MAX_AHEAD; t++) {
    int j = carried_index(b, a);
    if (j < 0 || a->uses != 1 || loop->out[j]->uses)
      return 0;
    args[t] = a;
    Op *f = streamable(E, dot, loop->in[3 + j], x != NULL);
    if (!f || f->parent != parent)
      return 0;
    p->first[t] = f;
    a = y->in[j];
    if (carried_index(b, a) < 0) {
      p->next = streamable(E, dot, a, x != NULL);
      return p->next && p->next->parent == b ? t + 1 : 0;
    }
  }
  return 0;
}

/* the pipe p of a ring: its copies know it, its carried tiles have no registers */
static void add_pipe(Op *loop, Pipe *p, Value **args) {
  Block *b = loop->reg[0];
  Op *dot = p->dot;
  opp(dot)->pipe[p->operand] = p;
  if (p->conv)
    vp(p->conv)->conv = true;
  vp(p->next->out[0])->stream_dot = dot;
  opp(p->next)->copy = p;
  opp(p->next)->trip = -1;
  for (int t = 0; t < p->r->D; t++) {
    vp(p->first[t]->out[0])->stream_dot = dot;
    opp(p->first[t])->copy = p;
    opp(p->first[t])->trip = t;
    vp(args[t])->stream_dot = dot;
    vp(loop->out[carried_index(b, args[t])])->stream_dot = dot;
  }
}

/* q of an attention (a tile of the dot's block, from outside the loop): in the ring's region,
 * staged once before the loop */
static void add_pins(CE *E, Op *dot, Ring *r, Block *parent) {
  for (int o = 0; o < 2; o++) {
    Value *v = dot->in[o];
    if (cu_oplan(dot)->pipe[o] || cu_virtual(E, v) || !v->def || v->def->parent != parent || v->sh.rank != 2)
      continue;
    Pipe *np = arena_alloc(sizeof *np);
    *np = (Pipe){dot, o, true, r, {0}, NULL, r->pinned, NULL};
    r->pinned += cu_tile_bytes(dot, o, false);
    vec_push(&r->pins, np);
    opp(dot)->pin[o] = np;
  }
}

/* the ring of loop (in parent): every tensor-core dot operand of its body that cu_prefetch
 * carries */
static void plan_ring(CE *E, Op *loop, Block *parent) {
  Block *b = loop->reg[0];
  Op *y = ir_yield(b);
  Vec *rings = &E->k->cu->rings;
  if (loop->k != O_FOR || !y || rings->n >= MAX_RINGS)
    return;
  Ring *r = NULL;
  for (int d = 0; d < b->nops; d++) {
    Op *dot = b->ops[d];
    Lay *L = mma_lay(dot);
    if (!L || !(cu_virtual(E, dot->in[2]) || lay_at(dot->in[2]) == L))
      continue;
    bool used = false;
    for (int o = 0; o < 2; o++) {
      Pipe p = {dot, o, false, NULL, {0}, NULL, 0, NULL};
      Value *args[MAX_AHEAD];
      int D = operand_chain(E, loop, dot, o, parent, y, &p, args);
      if (!D || (r && r->D != D))
        continue;
      if (!r) {
        r = arena_alloc(sizeof *r);
        *r = (Ring){.loop = loop, .id = rings->n, .D = D};
        vec_push(rings, r);
        opp(loop)->ring = r;
      }
      Pipe *np = arena_alloc(sizeof *np);
      *np = p;
      np->r = r;
      np->off = r->stride;
      r->stride += p.conv ? (shape_numel(p.conv->sh) + 1023) & ~1023LL /* its bytes */
                          : cu_tile_bytes(dot, o, !cu_oplan(dot)->kmajor_b);
      r->npipes++;
      used = true;
      add_pipe(loop, np, args);
    }
    if (r && used) {
      r->ndots++;
      add_pins(E, dot, r, parent);
    }
  }
}

static void plan_rings(CE *E, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      plan_rings(E, op->reg[r]);
    if (op->k == O_FOR)
      plan_ring(E, op, b);
  }
}

/* ---- 4. operands copied by cp.async outside a ring ---- */

/* operand i of dot is a streamable load in the dot's block (B: or the load tl.trans reads) */
static Op *async_load(CE *E, Op *dot, int i) {
  Value *v = dot->in[i];
  if (i == 1 && cu_oplan(dot)->kmajor_b)
    v = v->def->in[0];
  Op *L = streamable(E, dot, v, false);
  return L && L->parent == dot->parent ? L : NULL;
}

/* nothing between op a and the op at index d of b touches shared memory, but the ops `others` */
static bool quiet_between(CE *E, Block *b, Op *a, Op **others, int n, int d) {
  int i = ir_find_op(b, a, 0, d);
  if (i < 0)
    return false;
  for (i++; i < d; i++) {
    Op *op = b->ops[i];
    bool ok = false;
    for (int j = 0; j < n && !ok; j++)
      ok = op == others[j];
    if (ok)
      continue;
    int c = op_class[op->k];
    ok = c == K_LEAF || c == K_SHAPE || c == K_UNARY || c == K_BINARY || c == K_CMP || c == K_TERNARY;
    for (int o = 0; ok && o < op->nout; o++)
      ok = op->out[o]->sh.rank == 0 || cu_virtual(E, op->out[o]);
    if (!ok)
      return false;
  }
  return true;
}

/* nothing between op a and the op at index d of b writes memory (a load moved down past them
 * reads what it read) */
static bool no_writes_between(Block *b, Op *a, int d) {
  int i = ir_find_op(b, a, 0, d);
  if (i < 0)
    return false;
  for (i++; i < d; i++)
    if (op_class[b->ops[i]->k] == K_MEM && b->ops[i]->k != O_LOAD)
      return false;
    else if (b->ops[i]->nreg || op_class[b->ops[i]->k] == K_CTRL || op_class[b->ops[i]->k] == K_MISC)
      return false;
  return true;
}

Value *cu_stage_src(CE *E, Value *v, bool *tr, Lay *L) {
  Value *src = v;
  *tr = false;
  if (cu_virtual(E, v) && v->def->k == O_PERMUTE && v->sh.rank == 2 && !cu_virtual(E, v->def->in[0])) {
    src = v->def->in[0];
    *tr = true;
  }
  *L = cu_virtual(E, src) ? lay_of(E, src->sh) : lay_val(E, src);
  return src;
}

/* operand i of dot, staged from registers at the dot, is a view of another tile (tl.trans of a
 * broadcast row, say): reading it there may change layout through shared memory, where the
 * dot's own operand buffers lie, so nothing may be on its way into them by cp.async (a ring's
 * region lies above all that) */
static bool staged_view(CE *E, Op *dot, int i) {
  bool tr;
  Lay L;
  return cu_virtual(E, cu_stage_src(E, dot->in[i], &tr, &L));
}

/* A tensor-core dot whose operands are both such loads, with nothing using shared memory
 * between them and the dot, and an accumulator already in the dot's layout: the loads become
 * cp.async into the dot's operand buffers (no registers, no staging stores). */
static void plan_async(CE *E, Block *b) {
  for (int d = 0; d < b->nops; d++) {
    Op *op = b->ops[d];
    for (int r = 0; r < op->nreg; r++)
      plan_async(E, op->reg[r]);
    Lay *L = mma_lay(op);
    if (!L || !(cu_virtual(E, op->in[2]) || lay_at(op->in[2]) == L))
      continue;
    if (cu_oplan(op)->pipe[0] || cu_oplan(op)->pipe[1])
      continue;
    Op *la = async_load(E, op, 0), *lb = async_load(E, op, 1), *both[2] = {la, lb};
    if (la == lb)
      continue;
    /* each operand that streams alone (the other one staged from registers at the dot); a
     * load with shared-memory work before its dot is issued at the dot instead (late), when
     * nothing between them writes memory. A tf32 or int8 dot does not stream one beside a load
     * staged from registers (cu_prefetch). */
    int how[2] = {0, 0}; /* 1: streams, 2: streams late */
    for (int i = 0; i < 2; i++)
      if (both[i])
        how[i] = quiet_between(E, b, both[i], both, 2, d) ? 1 : no_writes_between(b, both[i], d) ? 2 : 0;
    if (cu_mma_bytes(op) != 2 && ((!how[0] && ir_load_of(op->in[0])) || (!how[1] && ir_load_of(op->in[1]))))
      continue; /* a load staged from registers beside one that streams: neither (cu_prefetch) */
    if ((!how[0] && staged_view(E, op, 0)) || (!how[1] && staged_view(E, op, 1)))
      continue; /* its layout change at the dot would overwrite the copies on their way */
    for (int i = 0; i < 2; i++)
      if (how[i]) {
        vp(both[i]->out[0])->stream_dot = op;
        vp(both[i]->out[0])->late = how[i] == 2;
      }
  }
}

/* ---- 5. packed operands ---- */

/* Operands of tensor-core dots that are `x.to(fp16 or bf16)` of an fp32 tile in the same
 * (tensor-core) layout, read by the dot alone: the dot's staging converts x itself, pairs at a
 * time (attention's p), and the cast emits nothing. */
static void plan_packed(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      plan_packed(op->reg[r]);
    if (!mma_lay(op) || cu_mma_bytes(op) != 2)
      continue;
    for (int o = 0; o < 2; o++) {
      Value *v = op->in[o];
      Op *cv = v->def;
      if (cv && cv->k == O_CAST && !(cv->flags & CAST_RTZ) && cv->in[0]->dt == DT_F32 && v->uses == 1 &&
          op->in[1 - o] != v && lay_at(v) && lay_at(v)->mapped && lay_at(cv->in[0]) == lay_at(v))
        vp(v)->packed = true;
    }
  }
}

/* ---- 6. per dot ---- */

/* A streamed B of 32- or 8-bit elements stays [K, N] as it comes (cp.async cannot transpose,
 * nor ldmatrix split such elements) */
static bool wide_nmajor(Op *dot) {
  return cu_mma_bytes(dot) != 2 && !cu_oplan(dot)->kmajor_b &&
         (cu_oplan(dot)->pipe[1] || cu_vplan(dot->in[1])->stream_dot == dot);
}

/* A of a 16-bit tensor-core dot read from the registers that hold it: a value (or the fp32 x of
 * A = x.to(fp16 or bf16), plan_packed) in the accumulator layout of a tensor-core dot over the
 * same warps (or warpgroups) along M and one along N, as the result is, so each thread holds
 * exactly the elements of A its own fragments take (attention's p). */
static bool a_regs(CE *E, Op *op, Lay L) {
  bool tr;
  Lay La;
  if (cu_mma_bytes(op) != 2 || L.wn != 1 || cu_vplan(op->in[0])->stream_dot == op || cu_oplan(op)->pipe[0] ||
      cu_oplan(op)->pin[0])
    return false;
  (void)cu_stage_src(E, op->in[0], &tr, &La);
  return !tr && La.mapped && La.wg == L.wg && La.wn == 1 && La.wm == L.wm;
}

/* A wgmma dot that need not wait for its own tensor-core work: the only dot of its loop's ring,
 * accumulating into the loop-carried tile that nothing else reads until the loop ends (matmul's
 * acc = tl.dot(a, b, acc)), A not in registers (they must not change while a wgmma reads them).
 * The warpgroup waits for the group before (wgmma.wait_group 1) instead, so trip k's products
 * run while trip k + 1's copies and address math are issued; the buffers trip k - 1 read are
 * then free for the copies issued after the dot (cu_prefetch puts them there). The last trip's
 * group is waited for after the loop. Both operands come from the ring (or are pinned): one the
 * dot stages from registers goes to the same buffer every trip, where the group still running
 * reads it; one it converts from the ring (Pipe.conv) goes to two buffers in turn (Ring.halves). */
static bool defer_wait(Op *dot) {
  const CuOpPlan *dp = cu_oplan(dot);
  Pipe *p = dp->pipe[0] ? dp->pipe[0] : dp->pipe[1];
  Value *r = dot->out[0], *acc = dot->in[2];
  if (!p || p->r->ndots != 1 || !wg_dot(dot) || dp->a_regs || r->uses != 1 || acc->uses != 1)
    return false;
  for (int o = 0; o < 2; o++)
    if (!dp->pipe[o] && !dp->pin[o])
      return false;
  Block *b = p->r->loop->reg[0];
  Op *y = ir_yield(b);
  int j = ir_arg_index(b, acc);
  if (dot->parent != b || j < 1 || !y || y->in[j - 1] != r || p->r->loop->out[j - 1]->uses < 1)
    return false;
  p->r->inflight = p->r->loop->out[j - 1];
  /* B K-major: the last trip's group is waited for after the loop, and nothing but wgmma touches
   * the accumulator in it, so ptxas injects no wait of its own (C7517) and trips overlap. With B
   * N-major (a [K, N] tile as it comes) ptxas serialises every group of that form (C7514,
   * measured: mm_kn fp16 at 0.82 of Triton against 0.99 with the wait in the last trip) */
  p->r->wait_after = cu_oplan(dot)->kmajor_b || cu_mma_bytes(dot) != 2;
  p->r->halves = (dp->pipe[0] && dp->pipe[0]->conv) || (dp->pipe[1] && dp->pipe[1]->conv);
  return true;
}

/* A is staged at the dot from registers in the wgmma layout of warpgroups along M only, the
 * same split as the result's, and B is not staged there (it is in a ring, pinned or copied by
 * cp.async): each warpgroup wrote exactly the rows of A its own tensor-core work reads
 * (attention's p), so a barrier of the warpgroup's 128 threads replaces the block's. */
static bool own_rows(CE *E, Op *op, Lay L) {
  const CuOpPlan *p = cu_oplan(op);
  Value *bl = p->kmajor_b ? op->in[1]->def->in[0] : op->in[1];
  bool staged_a = !(cu_vplan(op->in[0])->stream_dot == op || p->pin[0] || p->a_regs);
  bool staged_b = !(cu_vplan(bl)->stream_dot == op || p->pin[1]);
  bool tr;
  Lay La;
  if (!L.wg || L.wn != 1 || !staged_a || staged_b)
    return false;
  (void)cu_stage_src(E, op->in[0], &tr, &La);
  return !tr && La.mapped && La.wg && La.wn == 1 && La.wm == L.wm;
}

static void plan_dots(CE *E, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      plan_dots(E, op->reg[r]);
    Lay *L = mma_lay(op);
    if (!L)
      continue;
    if (wide_nmajor(op))
      opp(op)->wide_nmajor = true;
    if (a_regs(E, op, *L))
      opp(op)->a_regs = true;
    if (defer_wait(op))
      opp(op)->defer_wait = true;
    if (own_rows(E, op, *L))
      opp(op)->own_rows = true;
  }
}

/* ---- the kernel ---- */

/* 16 bytes over the narrowest element the kernel loads or stores: one chunk of a tile is one
 * 16-byte access of that type. */
static int narrowest(Block *b, int bytes) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_LOAD || op->k == O_STORE) {
      int eb = (dt_bits(op->in[0]->elt) + 7) / 8;
      if (eb < bytes)
        bytes = eb;
    }
    for (int r = 0; r < op->nreg; r++)
      bytes = narrowest(op->reg[r], bytes);
  }
  return bytes;
}

void cu_prepare(Kernel *k, const Options *opts) {
  (void)opts;
  if (k->num_warps > 32)
    error_at((Loc){"<command line>", 1, 1}, "num_warps %d: a CTA has at most 32 warps", k->num_warps);
  cu_fp8_operands(k);
  if (cu_operand_order(k))
    pass_axis(k); /* the facts of the transposed address and mask tiles */
  if (cu_prefetch(k))
    pass_axis(k); /* the facts of the loads it moved and their index math */
  ir_count_uses(k);
  k->cu = arena_alloc(sizeof *k->cu);
  k->cu->T = k->num_warps * 32;
  int nb = narrowest(k->body, 16);
  k->cu->chunk = 16 / (nb ? nb : 4);
  CE P = {.k = k, .opts = opts, .T = k->cu->T, .chunk = k->cu->chunk};
  bool changed = true;
  while (changed) {
    changed = false;
    plan_block(&P, k->body, &changed);
  }
  plan_kmajor(&P, k->body);
  plan_rings(&P, k->body);
  plan_async(&P, k->body);
  plan_packed(k->body);
  plan_dots(&P, k->body);
}
