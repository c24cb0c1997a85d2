/* pass_fold.c — dead-code elimination: ops whose results nobody uses and that have no effect
 * (no store, print, assert, control flow with effects) are removed, repeatedly, so the
 * generated C holds only what the kernel computes. (Constants are already folded by sema.)
 * Control flow stays, but its dead results go: a value a `for` carries that nobody reads after
 * the loop nor in it (Triton carries every name a loop body assigns, `a_i` of a static_range
 * included), and an `if` result nobody reads, are dropped with the yields feeding them.
 */
#include "tritonc.h"

static bool has_effect(Op *op) {
  switch (op->k) {
  case O_ASM:
    return !(op->flags & 1); /* is_pure=False: its effects are the point (stores in PTX) */
  case O_STORE: case O_ATOMIC: case O_PRINT: case O_ASSERT: case O_YIELD: case O_CONDITION:
  case O_RETURN: case O_BARRIER: case O_ARG:
    return true;
  case O_FOR: case O_WHILE: case O_IF:
    return true; /* may contain stores; their unused results stay (cheap) */
  default:
    return false;
  }
}

/* Removes element i of an array of n values. */
static void drop_at(Value **v, int n, int i) {
  for (int j = i; j + 1 < n; j++)
    v[j] = v[j + 1];
}

static Op *yield_of(Block *b, int n) {
  Op *y = ir_yield(b);
  return y && y->nin == n ? y : NULL;
}

/* %r = for lo, hi, step, init... { ^(iv, a...): ... yield y... }: carried value i is dead when
 * %r_i has no use and a_i's only use is yielding itself back; it is invariant when the body
 * yields a_i itself (a block pointer's offset along a dimension the loop never advances): a_i and
 * %r_i are then init_i. Either way the slot goes. */
static bool drop_dead_carried(Op *op) {
  Block *b = op->reg[0];
  Op *y = yield_of(b, op->nout);
  if (!y || b->nargs != op->nout + 1 || op->nin != op->nout + 3)
    return false;
  bool changed = false;
  for (int i = op->nout - 1; i >= 0; i--) {
    Value *a = b->args[i + 1], *init = op->in[i + 3];
    bool invariant = y->in[i] == a;
    if (!invariant && (op->out[i]->uses || a->uses != (y->in[i] == a)))
      continue;
    if (invariant) {
      ir_replace_uses(b, 0, a, init);
      ir_replace_uses(op->parent, ir_find_op(op->parent, op, 0, op->parent->nops) + 1, op->out[i], init);
    }
    drop_at(op->in, op->nin--, i + 3);
    drop_at(op->out, op->nout--, i);
    drop_at(b->args, b->nargs--, i + 1);
    drop_at(y->in, y->nin--, i);
    changed = true;
  }
  return changed;
}

/* %r = if c { ... yield t... } else { ... yield e... }: result i is dead when %r_i has no use. */
static bool drop_dead_results(Op *op) {
  Op *y0 = yield_of(op->reg[0], op->nout), *y1 = yield_of(op->reg[1], op->nout);
  if (!y0 || !y1)
    return false;
  bool changed = false;
  for (int i = op->nout - 1; i >= 0; i--) {
    if (op->out[i]->uses)
      continue;
    drop_at(op->out, op->nout--, i);
    drop_at(y0->in, y0->nin--, i);
    drop_at(y1->in, y1->nin--, i);
    changed = true;
  }
  return changed;
}

static bool dce_block(Block *b) {
  bool changed = false;
  int j = 0;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      changed |= dce_block(op->reg[r]);
    if (op->k == O_FOR)
      changed |= drop_dead_carried(op);
    if (op->k == O_IF && op->nreg == 2)
      changed |= drop_dead_results(op);
    bool used = has_effect(op) || op->nreg;
    for (int o = 0; o < op->nout && !used; o++)
      used = op->out[o]->uses > 0;
    if (used)
      b->ops[j++] = op;
    else
      changed = true;
  }
  b->nops = j;
  return changed;
}

void pass_fold(Kernel *k) {
  do
    ir_count_uses(k);
  while (dce_block(k->body));
  ir_count_uses(k);
}
