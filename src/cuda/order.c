/* order.c — a tl.dot's second operand by its memory order, not by its spelling (the first step
 * of the CUDA target's prepare).
 *
 * The target's fast forms for B (streamed by cp.async into a swizzled shared tile, read by
 * ldmatrix or a wgmma descriptor) know B read along K in two spellings: a [K, N] tile whose rows
 * are contiguous (B stored [K, N]), and tl.trans of a [N, K] tile whose rows are contiguous (a
 * linear layer's weight, attention's k). The same K-major data reached without tl.trans — W's
 * tile taken straight through pointers (w + rn[None, :] * K + rk[:, None]), a block pointer of
 * order (0, 1), attention's k^T loaded as a [D, BLOCK_N] tile — is a [K, N] load whose addresses
 * run along dimension 0. The axis facts say so (contiguity along 0, none along 1), and such a
 * load is rewritten into the tl.trans spelling:
 *
 *     y = load(p, m, o)                   [K, N], p contiguous along K only
 *     c = dot(a, cast?(y))
 *  -> y' = load(trans(p), trans(m), trans(o))   [N, K], contiguous along its last dimension
 *     c = dot(a, trans(cast?(y')))
 *
 * trans(p) and trans(m) are index math, recomputed in whatever layout the load wants
 * (cu_virtual), so the rewrite costs no data movement; the outer trans is the view the dot forms
 * read. Elementwise casts between the load and the dot (int8 weights converted in the kernel) go
 * inside the view. Only a load the dot alone reads is rewritten. */
#include "cuda.h"

/* v transposed, made at *pos of b: a tile that repeats one scalar (a load's other=0) is splat
 * again in the new shape, any other through a permute */
static Value *transposed(Kernel *k, Block *b, int *pos, Value *v, Loc loc) {
  if (v->sh.rank != 2)
    return v; /* a scalar other= stays */
  Shape sh = {2, {v->sh.d[1], v->sh.d[0]}};
  Value *s = v;
  while (s->sh.rank && s->def && (s->def->k == O_SPLAT || s->def->k == O_BROADCAST))
    s = s->def->in[0];
  Op *t = ir_op_at(b, (*pos)++, s->sh.rank ? O_PERMUTE : O_SPLAT, loc, 1, s->sh.rank ? &v : &s);
  t->perm[0] = 1;
  t->perm[1] = 0;
  return ir_result(k, t, v->dt, sh); /* a pointer keeps its element type (ir_result) */
}

/* the load under v and the single-use casts between: chain[0] = v's op ... chain[n-1] = load */
static int k_major_chain(Value *v, Block *b, Op **chain) {
  int n = 0;
  while (v->def && v->def->k == O_CAST && v->uses == 1 && v->def->parent == b && n < 3) {
    chain[n++] = v->def;
    v = v->def->in[0];
  }
  Op *ld = v->def;
  if (!ld || ld->k != O_LOAD || v->uses != 1 || ld->parent != b || v->sh.rank != 2)
    return 0;
  const Value *p = ld->in[0];
  if (p->sh.rank != 2 || p->ax.contig[0] < 2 || p->ax.contig[1] != 1)
    return 0;
  chain[n++] = ld;
  return n;
}

static void swap_shape(Value *v) {
  int64_t d0 = v->sh.d[0];
  v->sh.d[0] = v->sh.d[1];
  v->sh.d[1] = d0;
}

/* dot's B through chain (from the dot's side to the load), rewritten as above */
static void rewrite(Kernel *k, Op *dot, Op **chain, int n) {
  Op *ld = chain[n - 1];
  Block *b = ld->parent;
  int pos = ir_find_op(b, ld, 0, b->nops);
  for (int i = 0; i < ld->nin; i++)
    ld->in[i] = transposed(k, b, &pos, ld->in[i], ld->loc);
  for (int i = n - 1; i >= 0; i--) /* the chain's values now hold the [N, K] tiles */
    swap_shape(chain[i]->out[0]);
  Value *top = chain[0]->out[0];
  int at = ir_find_op(b, chain[0], 0, b->nops) + 1;
  dot->in[1] = transposed(k, b, &at, top, dot->loc);
}

static bool order_block(Kernel *k, Block *b) {
  bool changed = false;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      changed |= order_block(k, op->reg[r]);
    if (op->k != O_DOT || op->out[0]->sh.rank != 2)
      continue;
    Op *chain[4];
    int n = k_major_chain(op->in[1], b, chain);
    if (n) {
      rewrite(k, op, chain, n);
      changed = true;
      i = ir_find_op(b, op, 0, b->nops); /* ops were inserted before the dot */
    }
  }
  return changed;
}

bool cu_operand_order(Kernel *k) {
  ir_count_uses(k);
  bool changed = order_block(k, k->body);
  if (changed)
    ir_count_uses(k); /* the views and their operands */
  return changed;
}
