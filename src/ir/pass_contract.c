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
 * Only fp32 and fp16 (Triton's a * b + c on fp16 is one fma.rn.f16: the recorded case
 * half_ops_fp16 differs from two roundings), only a product without a Python name (a named one keeps its own statement in the
 * generated code) whose single use is the add, in the same block.
 *
 * A matrix product started from zero that only feeds a sum takes the other addend as its
 * accumulator, as Triton's combine pass rewrites it on every target:
 *
 *     acc += tl.dot(a, b)           ->   acc = dot(a, b, acc)
 *
 * so a K loop accumulates into one tile (the C target then adds into the loop-carried tile
 * itself, emit_c_dot.c).
 */
#include "tritonc.h"

#include <math.h>

/* fp32, and fp16 as Triton's GPU code has it (fma.rn.f16: one rounding). Not bf16: the C
 * scalar path writes a contracted fma as a * b + c in fp32, whose product overflows where
 * bf16's range (fp32's) reaches; bf16 keeps two roundings. */
static bool contract_type(DType t) { return t == DT_F32 || t == DT_F16; }

bool contractible_product(Value *v) {
  Op *d = v->def;
  return d && d->k == O_MUL && v->uses == 1 && !v->name && contract_type(v->dt);
}

static bool contractible(Value *v, Block *b) {
  return contractible_product(v) && v->def->parent == b;
}

static bool zero_tile(Value *v) {
  Op *d = v->def;
  while (d && (d->k == O_SPLAT || d->k == O_BROADCAST))
    d = d->in[0]->def;
  return d && d->k == O_CONST && d->out[0]->sh.rank == 0 &&
         (dt_is_float(d->out[0]->dt) ? d->fval == 0 && !signbit(d->fval) : d->ival == 0);
}

static bool foldable_dot(Value *v, Block *b) {
  Op *d = v->def;
  return d && d->k == O_DOT && d->parent == b && v->uses == 1 && !v->name && zero_tile(d->in[2]);
}

// acc + tl.dot(a, b) -> dot(a, b, acc)
static bool fold_dot_add(Op *op, Block *b) {
  int m = foldable_dot(op->in[0], b) ? 0 : foldable_dot(op->in[1], b) ? 1 : -1;
  if (m < 0)
    return false;
  Op *dot = op->in[m]->def;
  Value **in = arena_alloc(sizeof(Value *) * 3);
  in[0] = dot->in[0];
  in[1] = dot->in[1];
  in[2] = op->in[1 - m];
  op->k = O_DOT;
  op->in = in;
  op->nin = 3;
  op->str = dot->str;
  op->ival = dot->ival;
  return true;
}

static void contract_block(Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      contract_block(op->reg[r]);
    if (op->k == O_ADD && fold_dot_add(op, b))
      continue;
    if (op->k != O_ADD || !contract_type(op->out[0]->dt))
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
