/* pass_accum.c — loop accumulators that are only summed after the loop.
 *
 *     acc = tl.zeros([BLOCK], dtype=tl.float32)
 *     for off in range(0, N, BLOCK):
 *         acc += f(off)                # the loop's only use of acc
 *     total = tl.sum(acc, axis=0)      # the only use of the loop's final acc
 *
 * becomes a scalar carried sum of one reduction per trip:
 *
 *     total = 0.0
 *     for off in range(0, N, BLOCK):
 *         total += tl.sum(f(off), axis=0)
 *
 * The BLOCK-element tile then is never stored and reloaded on each trip: the per-trip sum
 * fuses into the loop that computes f (vector partial sums held in registers), and the final
 * reduction disappears. Only the order of the additions changes, which Triton leaves
 * unspecified as well (a GPU adds each thread's elements, then across threads in a tree).
 * Integer sums wrap, so their result is exactly the same.
 *
 * Conditions checked: a `for` loop; the carried value starts as a splat of the constant zero,
 * is a 1-D int32 or fp32 tile, is read once in the body, by an `add` of the body's own block
 * whose result only feeds the yield; the loop's result is read once, by a full `tl.sum` to a
 * scalar of the same dtype.
 */
#include "tritonc.h"

#include <string.h>

/* The op reading v (exactly one use assumed), searched in b and its regions. */
static Op *sole_user(Block *b, Value *v) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++)
      if (op->in[j] == v)
        return op;
    for (int r = 0; r < op->nreg; r++) {
      Op *u = sole_user(op->reg[r], v);
      if (u)
        return u;
    }
  }
  return NULL;
}

static void replace_uses(Block *b, Value *from, Value *to) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++)
      if (op->in[j] == from)
        op->in[j] = to;
    for (int r = 0; r < op->nreg; r++)
      replace_uses(op->reg[r], from, to);
  }
}

static bool is_zero_splat(Value *v) {
  if (!v->def || v->def->k != O_SPLAT)
    return false;
  Op *c = v->def->in[0]->def;
  if (!c || c->k != O_CONST)
    return false;
  return dt_is_float(v->dt) ? c->fval == 0.0 : c->ival == 0;
}

/* Carried value j of loop L (in block `outer`): rewrite when the pattern holds. */
static bool rewrite(Kernel *k, Block *outer, Op *L, int j) {
  Block *b = L->reg[0];
  Value *init = L->in[3 + j], *a = b->args[1 + j], *res = L->out[j];
  Op *y = b->ops[b->nops - 1];
  Value *yv = y->in[j];
  if (a->sh.rank != 1 || (a->dt != DT_F32 && a->dt != DT_I32) || !is_zero_splat(init))
    return false;
  Op *add = yv->def;
  if (a->uses != 1 || yv->uses != 1 || !add || add->k != O_ADD || add->parent != b)
    return false;
  int ai = add->in[0] == a ? 0 : add->in[1] == a ? 1 : -1;
  if (ai < 0 || add->in[1 - ai] == a)
    return false;
  Value *x = add->in[1 - ai];
  if (res->uses != 1)
    return false;
  Op *sum = sole_user(outer, res);
  if (!sum || sum->k != O_REDUCE || sum->comb != COMB_SUM || sum->nin != 1 ||
      sum->out[0]->sh.rank != 0 || sum->out[0]->dt != a->dt || (sum->flags & 1))
    return false;

  /* the per-trip reduction takes the add's place; the (now scalar) add moves to the end of
   * the body, just before the yield, so that it does not split the tiles' loop nest when
   * several accumulators are updated in turn */
  Op *r = ir_op(b, O_REDUCE, add->loc, 1, &x);
  r->axis = 0;
  r->comb = COMB_SUM;
  Value *part = ir_result(k, r, a->dt, (Shape){0});
  b->nops--; /* ir_op appended r (so there is room for one more op) */
  b->ops[ir_find_op(b, add, 0, b->nops)] = r;
  b->ops[b->nops] = b->ops[b->nops - 1]; /* the yield */
  b->ops[b->nops - 1] = add;
  b->nops++;

  Shape scalar = {0};
  add->in[1 - ai] = part;
  yv->sh = scalar;
  a->sh = scalar;
  res->sh = scalar;
  L->in[3 + j] = init->def->in[0]; /* the scalar zero the splat was made of */
  replace_uses(outer, sum->out[0], res);
  return true;
}

static bool accum_block(Kernel *k, Block *b, Block *top) {
  bool changed = false;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      changed |= accum_block(k, op->reg[r], top);
    if (op->k == O_FOR)
      for (int j = 0; j < op->nout; j++)
        if (rewrite(k, top, op, j)) {
          changed = true;
          ir_count_uses(k);
        }
  }
  return changed;
}

void pass_accum(Kernel *k) {
  ir_count_uses(k);
  if (accum_block(k, k->body, k->body))
    pass_fold(k); /* the zero tiles and the final reductions are dead now */
}
