/* pass_fold.c — dead-code elimination: ops whose results nobody uses and that have no effect
 * (no store, print, assert, control flow with effects) are removed, repeatedly, so the
 * generated C holds only what the kernel computes. (Constants are already folded by sema.)
 */
#include "tritonc.h"

static bool has_effect(Op *op) {
  switch (op->k) {
  case O_STORE: case O_ATOMIC: case O_PRINT: case O_ASSERT: case O_YIELD: case O_CONDITION:
  case O_RETURN: case O_BARRIER: case O_ARG:
    return true;
  case O_FOR: case O_WHILE: case O_IF:
    return true; /* may contain stores; their unused results stay (cheap) */
  default:
    return false;
  }
}

static bool dce_block(Block *b) {
  bool changed = false;
  int j = 0;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      changed |= dce_block(op->reg[r]);
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
