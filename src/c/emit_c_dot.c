/* emit_c_dot.c — tl.dot on the C target.
 *
 * The result tile starts as a copy of the accumulator (or is the accumulator itself, when a loop
 * carries it and nothing else reads it: `acc += tl.dot(a, b)` in a K loop then costs no copy per
 * trip), and the product of the operand tiles is added to it. Every float operand type is held
 * in float arrays (fp16 / bf16 values exactly), so fp32, tf32, fp16 and bf16 products are one
 * fp32 product computed exactly in fp32; int8 operands give int32 sums (wrapping); fp64 stays
 * fp64. A batched (3-D) product is one product per batch index.
 *
 * The product itself is a call of a runtime function (tc_dot_f32 / tc_dot_i8, runtime/tc_simd.h
 * section dot; tc_dot_bf16, section amx), which the generated file copies only when it uses it;
 * fp64 products are plain loops here.
 */
#include "emit_c.h"

#include <string.h>

static const char *const DIX[3] = {"ib", "im", "in"};

/* result[b][m][n] (or [m][n]) for the loop indices of this file */
static Idx *dot_idx(int rank, const char *k_role, int which) {
  Idx *ix = arena_alloc(sizeof *ix);
  int o = rank - 2;
  if (rank == 3)
    (*ix)[0] = DIX[0];
  (*ix)[o] = which == 1 ? k_role : DIX[1];     /* a: [m][k], b: [k][n], r: [m][n] */
  (*ix)[o + 1] = which == 0 ? k_role : DIX[2];
  return ix;
}

/* The plain loop nest: r[m][n] += sum over k of a[m][k] * b[k][n], summed in the result's type
 * (an fp16 result is summed in fp32 and rounded once, as the GPU's fp32 accumulator would be
 * before the final conversion). */
static void emit_dot_loops(Em *E, Op *op) {
  Value *r = op->out[0], *a = op->in[0], *b = op->in[1];
  int rank = r->sh.rank, K = a->sh.d[rank - 1];
  bool i8 = a->dt == DT_I8;
  const char *st = r->dt == DT_F64 ? "double" : i8 ? "uint32_t" : "float";
  for (int d = 0; d < rank; d++) {
    line(E, "for (int %s = 0; %s < %d; %s++) {", DIX[d + 3 - rank], DIX[d + 3 - rank],
         r->sh.d[d], DIX[d + 3 - rank]);
    E->ind++;
  }
  const char *rv = fmt("%s%s", cname(E, r), index_str(r->sh, *dot_idx(rank, NULL, 2)));
  line(E, "%s s = %s%s;", st, i8 ? "(uint32_t)" : "", rv);
  const char *x = access(E, a, *dot_idx(rank, "ik", 0)), *y = access(E, b, *dot_idx(rank, "ik", 1));
  line(E, "for (int ik = 0; ik < %d; ik++)", K);
  if (i8)
    line(E, "  s += (uint32_t)((int32_t)%s * (int32_t)%s);", x, y);
  else
    line(E, "  s += %s * %s;", x, y);
  line(E, "%s = %s;", rv, i8 ? "(int32_t)s" : round_to(E, r->dt, "s"));
  for (int d = 0; d < rank; d++) {
    E->ind--;
    line(E, "}");
  }
}

/* The array holding tile v: its own, or a copy when v is a view or recomputed index math. */
static const char *operand_array(Em *E, Value *v) {
  if (!v->def || (!is_view_op(v->def) && !vi(v)->inl && !is_remat(v)))
    return cname(E, v);
  const char *t = unique_name(E, fmt("%s_tile", v->name ? v->name : "dot"));
  line(E, "%s %s%s;", ctype(v->dt, v->elt), t, dims_decl(v->sh));
  emit_copy(E, t, v);
  return t;
}

/* The runtime function of the product: bf16 operands go to the tile unit where the C compiler
 * targets one (tc_dot_bf16, section amx: AMX, else the fp32 micro-kernel); int8 and the other
 * float types to the micro-kernels of section dot. */
static const char *dot_kernel(const Op *op) {
  return op->in[0]->dt == DT_I8 ? "tc_dot_i8" : bf16_dot(op) ? "tc_dot_bf16" : "tc_dot_f32";
}

/* The runtime micro-kernel (runtime/tc_simd.h, section dot) on each [M, K] x [K, N] slice. */
static void emit_dot_call(Em *E, Op *op) {
  Value *r = op->out[0], *a = op->in[0], *b = op->in[1];
  int rank = r->sh.rank, M = r->sh.d[rank - 2], N = r->sh.d[rank - 1], K = a->sh.d[rank - 1];
  const char *x = operand_array(E, a), *y = operand_array(E, b), *c = cname(E, r);
  const char *z = rank == 3 ? "[ib]" : "";
  const char *ip = vi(a)->in_place; /* the first operand read where it lies (emit_simd.c) */
  const char *xa = fmt("&%s%s[0][0]", x, z), *lda = fmt("%d", K);
  const char *yb = vi(b)->kept ? vi(b)->kept : fmt("&%s%s[0][0]", y, z); /* emit_simd.c */
  if (ip) {
    xa = fmt("%s_at ? %s_at : %s", ip, ip, xa);
    lda = fmt("%s_at ? (int)%s.ld : %d", ip, ip, K);
  }
  if (vi(r)->panel) { /* packed into the loop's panel (emit_dot_panels_open) */
    if (bf16_dot(op))
      line(E, "tc_dot_bf16_push(&%s, %d, %s, %s, %s, %d);", vi(r)->panel, K, xa, lda, yb, N);
    else /* A read where it lies may be read there when the panel is added (CVal.panel_reads) */
      line(E, "tc_dot_f32_push(&%s, %d, %s, %s, %s, %d, %s);", vi(r)->panel, K, xa, lda, yb, N,
           ip && cv(r)->panel_reads ? fmt("%s_at != NULL", ip) : "0");
    return;
  }
  if (rank == 3)
    line(E, "for (int ib = 0; ib < %d; ib++)", r->sh.d[0]);
  line(E, "%s%s(%d, %d, %d, %s, %s, %s, %d, &%s%s[0][0], %d);",
       rank == 3 ? "  " : "", dot_kernel(op), M, N, K, xa, lda, yb,
       N, c, z, N);
  if (r->dt == DT_F16) { /* fp16 out_dtype: the fp32 sums round once */
    open_loops(E, r->sh, IDX, true);
    line(E, "%s%s = %s;", c, index_str(r->sh, IDX),
         round_to(E, r->dt, fmt("%s%s", c, index_str(r->sh, IDX))));
    close_loops(E, r->sh);
  }
}

/* The panels of a for loop's products (CVal.panel, c/plan.c: each adds into a tile the loop
 * carries and nothing else in the loop reads); each is emptied into the tile after the loop,
 * before anything reads it. A bf16 product's (tc_bf16_panel, runtime sections bf16panel and
 * panel) gathers the trips' packed tiles, so that the tile unit adds a panel's depth of K to the
 * tile at once (without a tile unit each trip is added at once); an fp32 one's (tc_f32_panel,
 * sections f32panel and f32pack) holds the trips' rows of B, and of A unless it reads A where
 * it lies, and a register-blocked micro-kernel adds TC_F32_PANEL_K(M, N) k of them at once. */
void emit_dot_panels_open(Em *E, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    Value *r = op->nout ? op->out[0] : NULL;
    if (!r || !cv(r)->panel)
      continue;
    int M = r->sh.d[0], N = r->sh.d[1];
    const char *c = cname(E, r), *p = unique_name(E, fmt("%s_panel", c));
    vi(r)->panel = p;
    if (bf16_dot(op)) {
      line(E, "tc_bf16_panel %s; /* %s's bf16 products, gathered over the loop */", p, c);
      line(E, "_Alignas(64) uint16_t %s_buf[TC_BF16_PANEL_ELEMS(%d, %d)];", p, M, N);
      line(E, "tc_dot_bf16_open(&%s, %d, %d, %s_buf, &%s[0][0], %d);", p, M, N, p, c, N);
      continue;
    }
    line(E, "tc_f32_panel %s; /* %s's products, packed over the loop, added a panel's depth at a "
         "time */", p, c);
    line(E, "_Alignas(64) float %s_buf[TC_F32_PANEL_ELEMS(%d, %d)];", p, M, N);
    line(E, "tc_dot_f32_open(&%s, %d, %d, TC_F32_PANEL_K(%d, %d), %s_buf, &%s[0][0], %d);", p, M,
         N, M, N, p, c, N);
  }
}

void emit_dot_panels_close(Em *E, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_DOT && vi(op->out[0])->panel) {
      line(E, "%s(&%s);", bf16_dot(op) ? "tc_dot_bf16_close" : "tc_dot_f32_close",
           vi(op->out[0])->panel);
      vi(op->out[0])->panel = NULL;
    }
  }
}

// tl.dot(a, b, acc)
void emit_dot(Em *E, Op *op) {
  Value *r = op->out[0], *acc = op->in[2];
  if (!cv(r)->into) {
    declare_results(E, op);
    emit_copy(E, cname(E, r), acc);
  }
  if (r->dt == DT_F64) { /* no fp64 micro-kernel: the plain loops */
    line(E, "{");
    E->ind++;
    emit_dot_loops(E, op);
    E->ind--;
    line(E, "}");
    return;
  }
  emit_dot_call(E, op);
}
