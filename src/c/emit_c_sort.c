/* emit_c_sort.c — tl.sort / tl.topk (Triton's bitonic network), tl.gather, tl.histogram.
 *
 * Sort copies the operand into a work array of lines (the last axis) and runs the network of
 * Triton's standard.py on each line: stage s merges runs of 2^s, each compare-and-swap pairs
 * positions p and q = p | 2^j; the left keeps `(l > r) != f ? r : l` and the right
 * `(r > l) != !f ? l : r`, f being the stage's direction bit. Those are Triton's own
 * expressions, so equal keys, -0.0 against +0.0 and NaNs end where Triton puts them (a NaN pair
 * can duplicate an element there, and does here). Top-k sorts runs of k, then halves each line
 * with tl.max of its two halves and re-merges, log2(n / k) times, as Triton does.
 */
#include "emit_c.h"

#include <string.h>

static int log2i(int64_t n) {
  int l = 0;
  while (((int64_t)1 << l) < n)
    l++;
  return l;
}

/* One merge of width 2^stage (C expression) over lines of m elements (C expression) of w[ln]:
 * compare-and-swap at distances 2^(stage-1) .. 1 in direction f. */
static void emit_merge(Em *E, Op *op, const char *w, const char *stage, const char *m, const char *f) {
  DType t = op->out[0]->dt;
  const char *ty = ctype(t, DT__COUNT);
  line(E, "for (int j = %s - 1; j >= 0; j--) {", stage);
  E->ind++;
  line(E, "for (int h = 0; h < %s / 2; h++) {", m);
  E->ind++;
  line(E, "const int p = (h >> j << (j + 1)) | (h & ((1 << j) - 1)), q = p | 1 << j;");
  line(E, "const int f = %s;", f);
  line(E, "const %s l = %s[ln][p], r = %s[ln][q];", ty, w, w);
  line(E, "%s[ln][p] = (%s) != f ? r : l;", w, ew_binary(E, O_GT, t, "l", "r"));
  line(E, "%s[ln][q] = (%s) != !f ? l : r;", w, ew_binary(E, O_GT, t, "r", "l"));
  E->ind--;
  line(E, "}");
  E->ind--;
  line(E, "}");
}

/* Row-major index of the line that idx lies on (the dimensions before the last). */
static const char *line_index(Shape s) {
  Buf b = {0};
  int64_t stride = 1;
  for (int d = s.rank - 2; d >= 0; d--) {
    buf_printf(&b, "%s%s * %lld", b.n ? " + " : "", IDX[d], (long long)stride);
    stride *= s.d[d];
  }
  const char *r = b.n ? xstrdup(b.s) : "0";
  buf_free(&b);
  return r;
}

// tl.sort(x, descending=d) / tl.topk(x, k)
static void emit_sort(Em *E, Op *op) {
  Value *x = op->in[0], *r = op->out[0];
  int rank = x->sh.rank, n = x->sh.d[rank - 1], k = (int)op->ival;
  int lines = (int)(shape_numel(x->sh) / n), logn = log2i(n), logk = log2i(k);
  int desc = op->flags & 1;
  const char *ty = ctype(r->dt, DT__COUNT), *ln = line_index(x->sh), *last = IDX[rank - 1];
  declare_results(E, op);
  line(E, "{ /* Triton's bitonic %s: %d line%s of %d%s */", k < n ? "top-k" : "sort", lines,
       lines == 1 ? "" : "s", n, desc ? ", descending" : "");
  E->ind++;
  const char *w = unique_name(E, "w"); /* the lines being sorted */
  line(E, "%s %s[%d][%d];", ty, w, lines, n);
  open_loops(E, x->sh, IDX, false);
  line(E, "%s[%s][%s] = %s;", w, ln, last, access(E, x, IDX));
  close_loops(E, x->sh);
  line(E, "for (int ln = 0; ln < %d; ln++) {", lines);
  E->ind++;
  line(E, "for (int s = 1; s <= %d; s++) { /* merges of 2, 4, ... %d */", logk, k);
  E->ind++;
  emit_merge(E, op, w, "s", fmt("%d", n), fmt("s < %d ? p >> s & 1 : %d", logn, desc));
  E->ind--;
  line(E, "}");
  if (k < n) {
    line(E, "for (int i = %d, m = %d; i <= %d; i++, m /= 2) { /* halve: tl.max of pairs of runs */",
         logk + 1, n / 2, logn);
    E->ind++;
    line(E, "for (int t = 0; t < m; t++)");
    const char *a = fmt("%s[ln][(t >> %d << %d) + (t & %d)]", w, logk, logk + 1, k - 1);
    const char *b = fmt("%s[ln][(t >> %d << %d) + %d + (t & %d)]", w, logk, logk + 1, k, k - 1);
    line(E, "  %s[ln][t] = %s;", w, ew_binary(E, O_MAX, r->dt, a, b));
    emit_merge(E, op, w, fmt("%d", logk), "m", fmt("i < %d ? p >> %d & 1 : %d", logn, logk, desc));
    E->ind--;
    line(E, "}");
  }
  E->ind--;
  line(E, "}");
  open_loops(E, r->sh, IDX, false);
  line(E, "%s%s = %s[%s][%s];", cname(E, r), index_str(r->sh, IDX), w, ln, last);
  close_loops(E, r->sh);
  E->ind--;
  line(E, "}");
}

// tl.gather(src, index, axis): an index outside the axis wraps (Triton leaves it undefined)
static void emit_gather(Em *E, Op *op) {
  Value *src = op->in[0], *idx = op->in[1], *r = op->out[0];
  int n = src->sh.d[op->axis];
  declare_results(E, op);
  open_loops(E, r->sh, IDX, false);
  Idx in = {0};
  for (int d = 0; d < r->sh.rank; d++)
    in[d] = IDX[d];
  in[op->axis] = fmt("(int)((uint64_t)%s & %d)", access(E, idx, IDX), n - 1);
  line(E, "%s%s = %s;", cname(E, r), index_str(r->sh, IDX), access(E, src, in));
  close_loops(E, r->sh);
}

// tl.histogram(x, num_bins, mask=m): bins by the low bits of each value, as Triton's GPU code
// does (over at least 32 bins); a value in none of the bins is not counted
static void emit_histogram(Em *E, Op *op) {
  Value *x = op->in[0], *r = op->out[0];
  int bins = (int)op->ival, span = bins < 32 ? 32 : bins;
  line(E, "%s = {0};", decl_of(E, r));
  open_loops(E, x->sh, IDX, false);
  const char *cond = op->nin > 1 ? access(E, op->in[1], IDX) : "";
  line(E, "const uint32_t bin = (uint32_t)((uint64_t)%s & %d);", access(E, x, IDX), span - 1);
  if (*cond || bins < span)
    line(E, "if (%s%s%s)", cond, *cond && bins < span ? " && " : "", bins < span ? fmt("bin < %d", bins) : "");
  line(E, "%s%s[bin]++;", *cond || bins < span ? "  " : "", cname(E, r));
  close_loops(E, x->sh);
}

void emit_sort_op(Em *E, Op *op) {
  switch (op->k) {
  case O_SORT: emit_sort(E, op); return;
  case O_GATHER: emit_gather(E, op); return;
  case O_HISTOGRAM: emit_histogram(E, op); return;
  default: die("emit_sort_op: %s", op_names[op->k]);
  }
}
