/* pass_contract.c — a product that only feeds a sum becomes one fused multiply-add.
 *
 *     y = x_hat * w + b        ->   y = fma(x_hat, w, b)   (marked "contract")
 *
 * Triton's GPU backends contract a * b + c the same way (LLVM fuses multiply-adds by default
 * for NVPTX, as nvcc does), so contracting brings the CPU results closer to the GPU's, and
 * one instruction replaces two. A contracted fma may still be computed with two roundings:
 * the vector layer fuses it where the ISA has FMA (tc_f32_muladd), the scalar C path writes
 * `a * b + c` (no slow fmaf call on a machine without FMA). `tl.fma` itself always fuses.
 *
 * Only fp32, only a product without a Python name (a named one keeps its own statement in the
 * generated code) whose single use is the add, in the same block.
 */
#include "tritonc.h"

bool contractible_product(Value *v) {
  Op *d = v->def;
  return d && d->k == O_MUL && v->uses == 1 && !v->name && v->dt == DT_F32;
}

static bool contractible(Value *v, Block *b) {
  return contractible_product(v) && v->def->parent == b;
}

static void contract_block(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      contract_block(op->reg[r]);
    if (op->k != O_ADD || op->out[0]->dt != DT_F32)
      continue;
    int m = contractible(op->in[0], b) ? 0 : contractible(op->in[1], b) ? 1 : -1;
    if (m < 0)
      continue;
    Op *mul = op->in[m]->def;
    Value *c = op->in[1 - m];
    Value **in = arena_alloc(sizeof(Value *) * 3);
    in[0] = mul->in[0];
    in[1] = mul->in[1];
    in[2] = c;
    op->k = O_FMA;
    op->in = in;
    op->nin = 3;
    op->flags |= FMA_CONTRACT;
  }
}

void pass_contract(Kernel *k) {
  ir_count_uses(k);
  contract_block(k->body);
  pass_fold(k); /* the products are dead now */
}
