/* sort.c — tl.sort / tl.topk, tl.gather and tl.histogram on the CUDA target, through shared memory.
 *
 * Sort writes the tile to shared memory as lines (row-major: the last axis is contiguous) and
 * runs Triton's bitonic network there (standard.py: the same compare-and-swap expressions as the
 * C target's src/c/emit_c_sort.c, so ties, -0.0 and NaNs land alike): every step spreads the
 * line pairs over the CTA's threads, with a barrier between steps. Top-k halves each line with
 * tl.max between merges, ping-ponging between two buffers. Gather reads the source tile back
 * from shared memory at the index; histogram counts with shared-memory atomics. Simple, correct
 * and not fast: Triton does these in registers and warp shuffles.
 */
#include "cuda.h"

#include <string.h>

static int log2i(int64_t n) {
  int l = 0;
  while (((int64_t)1 << l) < n)
    l++;
  return l;
}

static int elem_bytes(DType t) { return dt_bits(t) == 64 || t == DT_PTR ? 8 : 4; }

/* One merge of width 2^stage over `lines` lines of m live elements (stride n) of w. */
static void merge(CE *E, Op *op, const char *w, int lines, int n, const char *stage, const char *m,
                  const char *f) {
  DType t = op->out[0]->dt;
  const char *ty = cu_type(t, DT__COUNT);
  cline(E, "for (int j = %s - 1; j >= 0; j--) {", stage);
  E->ind++;
  cline(E, "for (int t = tid; t < %d * (%s / 2); t += %d) {", lines, m, E->T);
  E->ind++;
  cline(E, "const int ln = t / (%s / 2), h = t %% (%s / 2);", m, m);
  cline(E, "const int p = (h >> j << (j + 1)) | (h & ((1 << j) - 1)), q = p | 1 << j;");
  cline(E, "const int f = %s;", f);
  cline(E, "%s *at = %s + ln * %d;", ty, w, n);
  cline(E, "const %s l = at[p], r = at[q];", ty);
  cline(E, "at[p] = %s != f ? r : l;", cu_binary(E, O_GT, t, "l", "r"));
  cline(E, "at[q] = %s != !f ? l : r;", cu_binary(E, O_GT, t, "r", "l"));
  E->ind--;
  cline(E, "}");
  cline(E, "__syncthreads();");
  E->ind--;
  cline(E, "}");
}

// tl.sort(x, descending=d) / tl.topk(x, k)
static void emit_sort(CE *E, Op *op) {
  Value *x = op->in[0], *r = op->out[0];
  int n = x->sh.d[x->sh.rank - 1], k = (int)op->ival, desc = op->flags & 1;
  int lines = (int)(shape_numel(x->sh) / n), logn = log2i(n), logk = log2i(k);
  long long bytes = shape_numel(x->sh) * elem_bytes(r->dt);
  const char *ty = cu_type(r->dt, DT__COUNT);
  cu_smem_need(E, k < n ? 2 * bytes : bytes);
  Lay L = lay_of(E, x->sh), Lr = lay_of(E, r->sh);
  const char *w = cu_unique(E, "w"), *v = cu_unique(E, "w_next");
  cline(E, "%s %s[%d]; /* %s */", ty, cu_name(E, r), Lr.E, lay_comment(Lr, r->dt));
  cline(E, "{ /* Triton's bitonic %s in shared memory: %d line%s of %d%s */",
        k < n ? "top-k" : "sort", lines, lines == 1 ? "" : "s", n, desc ? ", descending" : "");
  E->ind++;
  cline(E, "%s *%s = (%s *)tc_smem;", ty, w, ty);
  if (k < n)
    cline(E, "%s *%s = (%s *)(tc_smem + %lld);", ty, v, ty, bytes);
  cu_store_tile(E, x, w, L);
  cline(E, "__syncthreads();");
  cline(E, "for (int s = 1; s <= %d; s++) { /* merges of 2, 4, ... %d */", logk, k);
  E->ind++;
  merge(E, op, w, lines, n, "s", fmt("%d", n), fmt("s < %d ? p >> s & 1 : %d", logn, desc));
  E->ind--;
  cline(E, "}");
  if (k < n) {
    cline(E, "for (int i = %d, m = %d; i <= %d; i++, m /= 2) { /* halve: tl.max of pairs of runs */",
          logk + 1, n / 2, logn);
    E->ind++;
    cline(E, "for (int t = tid; t < %d * m; t += %d) {", lines, E->T);
    E->ind++;
    cline(E, "const int ln = t / m, u = t %% m, a = ln * %d + (u >> %d << %d) + (u & %d);", n, logk,
          logk + 1, k - 1);
    cline(E, "%s[ln * %d + u] = %s;", v, n, cu_binary(E, O_MAX, r->dt, fmt("%s[a]", w), fmt("%s[a + %d]", w, k)));
    E->ind--;
    cline(E, "}");
    cline(E, "__syncthreads();");
    cline(E, "%s *swap = %s;", ty, w);
    cline(E, "%s = %s;", w, v);
    cline(E, "%s = swap;", v);
    merge(E, op, w, lines, n, fmt("%d", logk), "m", fmt("i < %d ? p >> %d & 1 : %d", logn, logk, desc));
    E->ind--;
    cline(E, "}");
  }
  Ix ix = ix_canon(Lr);
  const char *flat = ix_flat(&ix);
  cu_loop(E, Lr.E, fmt("%s[e] = %s[(%s) / %d * %d + (%s) %% %d];", cu_name(E, r), w, flat, k, n, flat, k));
  E->ind--;
  cline(E, "}");
  cline(E, "__syncthreads();");
}

// tl.gather(src, index, axis): an index outside the axis wraps (Triton leaves it undefined)
static void emit_gather(CE *E, Op *op) {
  Value *src = op->in[0], *idx = op->in[1], *r = op->out[0];
  Lay Ls = lay_of(E, src->sh), Lr = lay_of(E, r->sh);
  const char *ty = cu_type(r->dt, DT__COUNT), *buf = fmt("((%s *)tc_smem)", ty);
  cu_smem_need(E, shape_numel(src->sh) * elem_bytes(r->dt));
  cline(E, "/* the source through shared memory, read at the index */");
  cu_store_tile(E, src, buf, Ls);
  cline(E, "__syncthreads();");
  Ix ix = ix_canon(Lr), ii = ix_for(Lr, idx->sh);
  const char *at = cu_access(E, idx, &ii);
  Buf f = {0};
  long long stride = 1;
  for (int d = src->sh.rank - 1; d >= 0; d--) {
    const char *c = d == op->axis ? fmt("(int)((unsigned long long)%s & %d)", at, src->sh.d[d] - 1)
                                  : ix_coord(&ix, d);
    buf_printf(&f, "%s%s * %lld", f.n ? " + " : "", c, stride);
    stride *= src->sh.d[d];
  }
  cline(E, "%s %s[%d]; /* %s */", ty, cu_name(E, r), Lr.E, lay_comment(Lr, r->dt));
  cu_loop(E, Lr.E, fmt("%s[e] = %s[%s];", cu_name(E, r), buf, f.s));
  buf_free(&f);
  cline(E, "__syncthreads();");
}

// tl.histogram(x, num_bins, mask=m): bins by the low bits of each value over at least 32 bins,
// as Triton's GPU code does; a value in none of the bins is not counted
static void emit_histogram(CE *E, Op *op) {
  Value *x = op->in[0], *r = op->out[0];
  int bins = (int)op->ival, span = bins < 32 ? 32 : bins;
  Lay Lx = lay_of(E, x->sh), Lr = lay_of(E, r->sh);
  cu_smem_need(E, (long long)bins * 4);
  cline(E, "%s %s[%d]; /* %s */", cu_type(r->dt, DT__COUNT), cu_name(E, r), Lr.E, lay_comment(Lr, r->dt));
  cline(E, "for (int b = tid; b < %d; b += %d)", bins, E->T);
  cline(E, "  ((int *)tc_smem)[b] = 0;");
  cline(E, "__syncthreads();");
  Ix c = ix_canon(Lx);
  const char *v = cu_access(E, x, &c);
  const char *m = op->nin > 1 ? cu_access(E, op->in[1], &c) : NULL;
  const char *cond = m ? (bins < span ? fmt("%s && bin < %d", m, bins) : m)
                       : (bins < span ? fmt("bin < %d", bins) : "true");
  if (Lx.TC < E->T)
    cline(E, "if (tid < %d) {", Lx.TC); /* replicated elements are counted once */
  E->ind += Lx.TC < E->T;
  cu_loop(E, Lx.E, fmt("const unsigned bin = (unsigned)((unsigned long long)%s & %d);\n"
                       "if (%s)\n  atomicAdd((int *)tc_smem + bin, 1);", v, span - 1, cond));
  E->ind -= Lx.TC < E->T;
  if (Lx.TC < E->T)
    cline(E, "}");
  cline(E, "__syncthreads();");
  Ix o = ix_canon(Lr);
  cu_loop(E, Lr.E, fmt("%s[e] = ((int *)tc_smem)[%s];", cu_name(E, r), ix_flat(&o)));
  cline(E, "__syncthreads();");
}

void cu_emit_sort_op(CE *E, Op *op) {
  switch (op->k) {
  case O_SORT: emit_sort(E, op); return;
  case O_GATHER: emit_gather(E, op); return;
  case O_HISTOGRAM: emit_histogram(E, op); return;
  default: die("cu_emit_sort_op: %s", op_names[op->k]);
  }
}
