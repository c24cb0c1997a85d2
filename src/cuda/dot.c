/* dot.c — tl.dot on the CUDA target.
 *
 * acc = tl.dot(a, b, acc), a [M, K] x b [K, N] (or batched [B, M, K] x [B, K, N]): both
 * operands go to shared memory in row-major order, then every thread computes the result
 * elements it holds in the result's canonical layout, one multiply-add per k, accumulating in
 * the result's type (fp32 for fp16/bf16/fp32 operands, int32 for int8; fp16 out_dtype rounds
 * after each step as an fp16 accumulator does). This plain form is right for every dtype pair
 * Triton accepts and every size; it does not use the tensor cores (mma.sync / wgmma with the
 * accumulator kept in the MMA layout), which is what it takes to reach Triton's speed.
 *
 * fp32 operands: Triton's default input precision on the GPU is tf32 (operands rounded to 10
 * mantissa bits by the tensor cores); this form multiplies the full fp32 values, as
 * input_precision="ieee" does, so results are closer to exact than Triton's. */
#include "cuda.h"

/* the type an operand is kept in shared memory: fp16/bf16 as themselves (half the bytes of
 * their float registers), everything else as its register type */
static const char *smem_type(CE *E, Value *v) {
  if (v->dt == DT_F16) {
    E->f16 = true;
    return "__half";
  }
  if (v->dt == DT_BF16) {
    E->bf16 = true;
    return "__nv_bfloat16";
  }
  return cu_type(v->dt, v->elt);
}

static long long smem_bytes(Value *v) { return shape_numel(v->sh) * ((dt_bits(v->dt) + 7) / 8); }

/* one multiply-add step of the accumulator r in r's type */
static const char *madd(CE *E, DType t, const char *x, const char *y, const char *r) {
  switch (t) {
  case DT_F64: return fmt("fma(%s, %s, %s)", x, y, r);
  case DT_F32: return fmt("fmaf((float)%s, (float)%s, %s)", x, y, r);
  case DT_F16: case DT_BF16:
    return cu_round(E, t, fmt("fmaf((float)%s, (float)%s, %s)", x, y, r));
  default:
    return fmt("(%s)(%s + (%s)%s * (%s)%s)", dtype_info[t].ctype, r, dtype_info[t].ctype, x,
               dtype_info[t].ctype, y);
  }
}

/* v read in its own layout, with any layout change it needs (through tc_smem) done now, before
 * tc_smem holds an operand: the later reads find the converted copy */
static void settle(CE *E, Value *v) {
  Ix c = ix_canon(lay_of(E, v->sh));
  Vec keep = E->pulled;
  E->pulled = (Vec){0};
  (void)cu_access(E, v, &c);
  E->pulled = keep;
}

void cu_emit_dot(CE *E, Op *op) {
  Value *a = op->in[0], *b = op->in[1], *acc = op->in[2], *r = op->out[0];
  int rk = r->sh.rank;
  int M = r->sh.d[rk - 2], N = r->sh.d[rk - 1], K = a->sh.d[rk - 1];
  const char *ta = smem_type(E, a), *tb = smem_type(E, b);
  long long boff = (smem_bytes(a) + 15) & ~15LL;
  cu_smem_need(E, boff + smem_bytes(b));
  const char *as = fmt("((%s *)tc_smem)", ta), *bs = fmt("((%s *)(tc_smem + %lld))", tb, boff);

  settle(E, a);
  settle(E, b);
  settle(E, acc);
  cline(E, "/* %s and %s to shared memory, row-major */", cu_name(E, a), cu_name(E, b));
  cu_store_tile(E, a, as, lay_of(E, a->sh));
  cu_store_tile(E, b, bs, lay_of(E, b->sh));
  cline(E, "__syncthreads();");

  Lay L = lay_of(E, r->sh);
  Ix ix = ix_canon(L);
  const char *name = cu_name(E, r);
  cline(E, "%s %s[%d]; /* %s */", cu_type(r->dt, r->elt), name, L.E, lay_comment(L, r->dt));
  cu_loop(E, L.E, fmt("%s[e] = %s;", name, cu_access(E, acc, &ix)));

  const char *m = ix_coord(&ix, rk - 2), *n = ix_coord(&ix, rk - 1);
  const char *row = rk == 3 ? fmt("(%s * %d + %s)", ix_coord(&ix, 0), M, m) : m;
  const char *col = rk == 3 ? fmt("%s * %d + %s", ix_coord(&ix, 0), K * N, n) : n;
  const char *x = fmt("%s[%s * %d + k]", as, row, K);
  const char *y = fmt("%s[k * %d + %s]", bs, N, col);
  cline(E, "#pragma unroll 4");
  cline(E, "for (int k = 0; k < %d; ++k) {", K);
  E->ind++;
  cu_loop(E, L.E, fmt("%s[e] = %s;", name, madd(E, r->dt, x, y, fmt("%s[e]", name))));
  E->ind--;
  cline(E, "}");
  cline(E, "__syncthreads();");
}
