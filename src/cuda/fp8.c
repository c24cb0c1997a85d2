/* fp8.c — fp8 dots on the tensor cores (the first step of the CUDA target's prepare).
 *
 * sema gives a dot of fp8 tiles as the product of their exact fp16 conversions (every fp8
 * value is an fp16 value), which every target can run:
 *
 *     c = dot(cast<fp16>(x), cast<fp16>(y), acc)       x, y: fp8e4nv or fp8e5 tiles
 *
 * The tensor cores multiply e4m3 (fp8e4nv) and e5m2 (fp8e5) operands themselves, in either
 * pairing (mma.sync m16n8k32 from sm_89, wgmma m64nNk32 on sm_90a), at twice the rate of fp16
 * and from half the bytes. Where the dot takes the tensor-core form with 8-bit operands (2-D,
 * an fp32 result, whole 16x16 tiles per warp, K a multiple of 32) and each cast is read by the
 * dot alone, the dot reads x and y themselves:
 *
 *  -> c = dot(x, y, acc)
 *
 * and the dead casts go. The operands then stream, are staged and are read as int8 operands
 * are (32 bytes of K per step); the instruction names their types (cu_mma_kind). fp8e4b15 has
 * no tensor-core type: its dots keep the fp16 form. */
#include "cuda.h"

/* v = cast<fp16>(x) of an e4m3 or e5m2 tile x, read by the dot alone: x, else NULL */
static Value *fp8_source(Value *v) {
  Op *c = v->def;
  if (!c || c->k != O_CAST || v->dt != DT_F16 || v->uses != 1)
    return NULL;
  Value *x = c->in[0];
  return x->dt == DT_F8E4NV || x->dt == DT_F8E5 ? x : NULL;
}

static bool fp8_block(Kernel *k, Block *b) {
  bool changed = false;
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      changed |= fp8_block(k, op->reg[r]);
    if (op->k != O_DOT || op->out[0]->dt != DT_F32 || op->in[0] == op->in[1])
      continue;
    Value *x = fp8_source(op->in[0]), *y = fp8_source(op->in[1]);
    if (!x || !y || !cu_mma_shape(op, 1, k->num_warps))
      continue;
    op->in[0] = x;
    op->in[1] = y;
    changed = true;
  }
  return changed;
}

bool cu_fp8_operands(Kernel *k) {
  ir_count_uses(k);
  if (!fp8_block(k, k->body))
    return false;
  pass_fold(k); /* the casts are dead now */
  ir_count_uses(k);
  return true;
}
