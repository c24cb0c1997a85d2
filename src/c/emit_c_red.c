/* emit_c_red.c — reductions, scans and data movement (permute, flip, join, split, cat,
 * reshape) as loops over the tile. */
#include "emit_c.h"

#include <string.h>

/* ---- reductions and scans ---- */

/* Loops over every input dimension except the axis; fills in[] (input index names) and out[]
 * (result index names). */
static void axis_indices(Op *op, const char **in, const char **out, const char *axis_idx) {
  int a = op->axis, j = 0;
  Shape s = op->in[0]->sh;
  for (int d = 0; d < s.rank; d++) {
    in[d] = d == a ? axis_idx : IDX[d];
    if (d != a)
      out[j++] = IDX[d];
  }
}

static void open_other_loops(Em *E, Op *op) {
  Shape s = op->in[0]->sh;
  for (int d = 0; d < s.rank; d++) {
    if (d == op->axis)
      continue;
    line(E, "for (int %s = 0; %s < %d; %s++) {", IDX[d], IDX[d], s.d[d], IDX[d]);
    E->ind++;
  }
}

static void close_other_loops(Em *E, Op *op) {
  for (int d = 1; d < op->in[0]->sh.rank; d++) {
    E->ind--;
    line(E, "}");
  }
}

static const char *lval(Em *E, Value *v, const char *const *idx) {
  return fmt("%s%s", cname(E, v), index_str(v->sh, idx));
}

/* Combines acc (lvalues) with the elements at ein: builtin combiner or inlined region. into_acc:
 * dst are the accumulators themselves (a reduction; a scan writes the next element). */
static void emit_combine(Em *E, Op *op, const char **acc, const char **dst, const char *const *ein,
                         const char *pos, bool into_acc) {
  int n = op->nin;
  if (COMB_IS_ARG(op->comb)) {
    const char *el = unique_name(E, "el");
    line(E, "const %s %s = %s;", ctype(op->in[0]->dt, DT__COUNT), el, access(E, op->in[0], ein));
    line(E, "if (%s %s %s) {", el, op->comb == COMB_ARGMAX ? ">" : "<", acc[1]);
    line(E, "  %s = %s;", acc[1], el);
    line(E, "  %s = %s;", dst[0], pos);
    line(E, "}");
    return;
  }
  if (op->comb != COMB_REGION) {
    DType t = op->in[0]->dt;
    line(E, "%s = %s;", dst[0], ew_binary(E, comb_op(op->comb), t, acc[0], access(E, op->in[0], ein)));
    return;
  }
  Block *r = op->reg[0];
  for (int i = 0; i < n; i++) {
    vi(r->args[i])->cname = acc[i];
    if (!r->args[n + i]->uses) /* a combine that ignores its right operand (-Wunused-variable) */
      continue;
    const char *el = unique_name(E, fmt("%s_el", op->in[i]->name ? op->in[i]->name : "x"));
    line(E, "const %s %s = %s;", ctype(op->in[i]->dt, DT__COUNT), el, access(E, op->in[i], ein));
    vi(r->args[n + i])->cname = el;
  }
  int saved = E->last_line;
  emit_block(E, r);
  E->last_line = saved;
  Op *y = last_op(r);
  const char **tmp = arena_alloc(sizeof(char *) * (size_t)n);
  for (int i = 0; i < n; i++) {
    tmp[i] = access(E, y->in[i], NULL);
    if (n > 1) {
      const char *t = unique_name(E, "comb");
      line(E, "const %s %s = %s;", ctype(y->in[i]->dt, DT__COUNT), t, tmp[i]);
      tmp[i] = t;
    }
  }
  for (int i = 0; i < n; i++) /* a combine returning its accumulator: no x = x (-Wself-assign) */
    if (!(into_acc && n == 1 && y->in[i] == r->args[i]))
      line(E, "%s = %s;", dst[i], tmp[i]);
}

// tl.sum / tl.max / tl.reduce(x, axis, combine_fn): acc = first element, then fold the rest
/* Vector reductions (sum / max / min of fp32 or int32 held in an array): along the last
 * dimension, TC_VLEN partial accumulators finished horizontally; along another dimension,
 * whole vectors of the last dimension combined elementwise. */
static bool vector_reduce(Em *E, Op *op) {
  Value *x = op->in[0], *r = op->out[0];
  int a = op->axis, last = x->sh.rank - 1, N = x->sh.d[a];
  char t = x->dt == DT_F32 ? 'f' : x->dt == DT_I32 ? 'i' : 0;
  const char *f = op->comb == COMB_SUM ? "add" : op->comb == COMB_MAX ? "max" : op->comb == COMB_MIN ? "min" : NULL;
  if (!t || !f || (x->def && (is_view_op(x->def) || is_remat(x))) || vi(x)->inl)
    return false;
  int V = a == last ? N : x->sh.d[last];
  if (V < 16 || V % 16 || (a != last && x->sh.rank < 2))
    return false;
  E->need |= H_SIMD;
  const char *ty = t == 'f' ? "tc_vf32" : "tc_vi32", *pre = t == 'f' ? "tc_f32" : "tc_i32";
  const char *in[MAXRANK], *out[MAXRANK];
  declare_results(E, op);
  if (a == last) {
    axis_indices(op, in, out, "0");
    open_other_loops(E, op);
    const char *acc = unique_name(E, "acc");
    if (N >= 64) {
      /* four accumulators (N is a multiple of 4 * TC_VLEN): the operations of one reduction
       * do not each wait for the previous one's latency */
      static const char *const at[4] = {"0", "TC_VLEN", "2 * TC_VLEN", "3 * TC_VLEN"};
      static const char *const from[4] = {"ik", "ik + TC_VLEN", "ik + 2 * TC_VLEN",
                                          "ik + 3 * TC_VLEN"};
      const char *a4[4] = {acc, unique_name(E, "acc"), unique_name(E, "acc"),
                           unique_name(E, "acc")};
      for (int k = 0; k < 4; k++) {
        axis_indices(op, in, out, at[k]);
        line(E, "%s %s = %s_load(&%s%s);", ty, a4[k], pre, cname(E, x), index_str(x->sh, in));
      }
      line(E, "for (int ik = 4 * TC_VLEN; ik < %d; ik += 4 * TC_VLEN) {", N);
      for (int k = 0; k < 4; k++) {
        axis_indices(op, in, out, from[k]);
        line(E, "  %s = %s_%s(%s, %s_load(&%s%s));", a4[k], pre, f, a4[k], pre, cname(E, x),
             index_str(x->sh, in));
      }
      line(E, "}");
      line(E, "%s = %s_%s(%s_%s(%s, %s), %s_%s(%s, %s));", acc, pre, f, pre, f, a4[0], a4[1], pre,
           f, a4[2], a4[3]);
    } else {
      line(E, "%s %s = %s_load(&%s%s);", ty, acc, pre, cname(E, x), index_str(x->sh, in));
      axis_indices(op, in, out, "ik");
      line(E, "for (int ik = TC_VLEN; ik < %d; ik += TC_VLEN)", N);
      line(E, "  %s = %s_%s(%s, %s_load(&%s%s));", acc, pre, f, acc, pre, cname(E, x),
           index_str(x->sh, in));
    }
    line(E, "%s = %s_h%s(%s);", r->sh.rank ? fmt("%s%s", cname(E, r), index_str(r->sh, out))
                                            : cname(E, r), pre, !strcmp(f, "add") ? "sum" : f, acc);
    close_other_loops(E, op);
    return true;
  }
  /* along another dimension: ik outermost, the last dimension in vectors */
  for (int pass = 0; pass < 2; pass++) {
    axis_indices(op, in, out, pass ? "ik" : "0");
    if (pass) {
      line(E, "for (int ik = 1; ik < %d; ik++) {", N);
      E->ind++;
    }
    for (int d = 0; d < x->sh.rank; d++) {
      if (d == a)
        continue;
      line(E, "for (int %s = 0; %s < %d; %s%s) {", IDX[d], IDX[d], x->sh.d[d], IDX[d],
           d == last ? " += TC_VLEN" : "++");
      E->ind++;
    }
    const char *dst = fmt("&%s%s", cname(E, r), index_str(r->sh, out));
    const char *src = fmt("%s_load(&%s%s)", pre, cname(E, x), index_str(x->sh, in));
    if (pass)
      src = fmt("%s_%s(%s_load(%s), %s)", pre, f, pre, dst, src);
    line(E, "%s_store(%s, %s);", pre, dst, src);
    for (int d = 0; d < x->sh.rank - 1; d++) {
      E->ind--;
      line(E, "}");
    }
    if (pass) {
      E->ind--;
      line(E, "} /* for ik */");
    }
  }
  return true;
}

/* tl.sum of fp16 / bf16 (Triton keeps their sum in the input type): pairwise, element i with
 * element i + w/2 of the w still live, as Triton's GPU reduction combines lane i with lane
 * i + 16, 8, ... and then the warps' partial sums. A sequential sum in a 16-bit float stops
 * growing once the addend is below half an ulp: 1024 bf16 ones sum to 256 (test_sum_dtype). */
static bool pairwise_reduce(Em *E, Op *op) {
  Value *x = op->in[0], *r = op->out[0];
  int N = x->sh.d[op->axis];
  if (op->comb != COMB_SUM || (x->dt != DT_F16 && x->dt != DT_BF16) || N < 2)
    return false;
  const char *ink[MAXRANK], *out[MAXRANK];
  axis_indices(op, ink, out, "ik");
  declare_results(E, op);
  open_other_loops(E, op);
  const char *t = unique_name(E, "part"), *ty = ctype(x->dt, DT__COUNT);
  line(E, "%s %s[%d];", ty, t, N);
  line(E, "for (int ik = 0; ik < %d; ik++)", N);
  line(E, "  %s[ik] = %s;", t, access(E, x, ink));
  line(E, "for (int w = %d; w > 1; w -= w / 2) {", N);
  line(E, "  for (int ik = 0; ik < w / 2; ik++)");
  line(E, "    %s[ik] = %s;", t,
       ew_binary(E, O_ADD, x->dt, fmt("%s[ik]", t), fmt("%s[ik + (w + 1) / 2]", t)));
  line(E, "}");
  line(E, "%s = %s[0];", lval(E, r, out), t);
  close_other_loops(E, op);
  return true;
}

static void emit_reduce(Em *E, Op *op) {
  int n = op->nout, N = op->in[0]->sh.d[op->axis];
  if (vector_reduce(E, op) || pairwise_reduce(E, op))
    return;
  const char *in0[MAXRANK], *ink[MAXRANK], *out[MAXRANK];
  axis_indices(op, in0, out, "0");
  axis_indices(op, ink, out, "ik");
  const char *vals = NULL;
  declare_results(E, op);
  if (COMB_IS_ARG(op->comb)) {
    Value *r = op->out[0];
    vals = unique_name(E, fmt("%s_val", cname(E, r)));
    line(E, "%s %s%s;", ctype(op->in[0]->dt, DT__COUNT), vals, dims_decl(r->sh));
  }
  open_other_loops(E, op);
  for (int i = 0; i < n; i++)
    line(E, "%s = %s;", lval(E, op->out[i], out), COMB_IS_ARG(op->comb) ? "0" : access(E, op->in[i], in0));
  if (vals)
    line(E, "%s%s = %s;", vals, index_str(op->out[0]->sh, out), access(E, op->in[0], in0));
  close_other_loops(E, op);
  line(E, "for (int ik = 1; ik < %d; ik++) {", N);
  E->ind++;
  open_other_loops(E, op);
  const char **acc = arena_alloc(sizeof(char *) * (size_t)(n + 1));
  const char **dst = arena_alloc(sizeof(char *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    acc[i] = dst[i] = lval(E, op->out[i], out);
  if (vals)
    acc[1] = fmt("%s%s", vals, index_str(op->out[0]->sh, out));
  emit_combine(E, op, acc, dst, ink, "ik", true);
  close_other_loops(E, op);
  E->ind--;
  line(E, "} /* for ik */");
}

// tl.cumsum / tl.associative_scan(x, axis, combine_fn, reverse)
static void emit_scan(Em *E, Op *op) {
  int n = op->nout, N = op->in[0]->sh.d[op->axis];
  bool rev = op->flags & 2;
  const char *first[MAXRANK], *cur[MAXRANK], *prev[MAXRANK], *dummy[MAXRANK];
  axis_indices(op, first, dummy, rev ? fmt("%d", N - 1) : "0");
  axis_indices(op, cur, dummy, rev ? fmt("(%d - ik)", N - 1) : "ik");
  axis_indices(op, prev, dummy, rev ? fmt("(%d - ik)", N) : "(ik - 1)");
  declare_results(E, op);
  open_other_loops(E, op);
  for (int i = 0; i < n; i++)
    line(E, "%s = %s;", lval(E, op->out[i], first), access(E, op->in[i], first));
  close_other_loops(E, op);
  line(E, "for (int ik = 1; ik < %d; ik++) {", N);
  E->ind++;
  open_other_loops(E, op);
  const char **acc = arena_alloc(sizeof(char *) * (size_t)(n + 1));
  const char **dst = arena_alloc(sizeof(char *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    acc[i] = lval(E, op->out[i], prev);
    dst[i] = lval(E, op->out[i], cur);
  }
  emit_combine(E, op, acc, dst, cur, "ik", false);
  close_other_loops(E, op);
  E->ind--;
  line(E, "} /* for ik */");
}

void emit_reduce_or_scan(Em *E, Op *op) {
  if (op->k == O_REDUCE)
    emit_reduce(E, op);
  else
    emit_scan(E, op);
}

/* ---- data movement: out[idx] = in[f(idx)] ---- */

// tl.permute / tl.trans / tl.flip / tl.join / tl.split / tl.cat / tl.reshape
void emit_movement(Em *E, Op *op) {
  Value *r = op->out[0], *x = op->in[0];
  declare_results(E, op);
  open_loops(E, r->sh, IDX, false);
  Idx in = {0};
  const char *src;
  switch (op->k) {
  case O_PERMUTE:
    for (int i = 0; i < r->sh.rank; i++)
      in[op->perm[i]] = IDX[i];
    src = access(E, x, in);
    break;
  case O_FLIP:
    for (int i = 0; i < r->sh.rank; i++)
      in[i] = i == op->axis ? fmt("(%d - %s)", r->sh.d[i] - 1, IDX[i]) : IDX[i];
    src = access(E, x, in);
    break;
  case O_SPLIT:
    for (int i = 0; i < r->sh.rank; i++)
      in[i] = IDX[i];
    in[r->sh.rank] = op->ival ? "1" : "0";
    src = access(E, x, in);
    break;
  case O_JOIN:
    for (int i = 0; i + 1 < r->sh.rank; i++)
      in[i] = IDX[i];
    src = fmt("(%s == 0 ? %s : %s)", IDX[r->sh.rank - 1], access(E, x, in),
              access(E, op->in[1], in));
    break;
  case O_CAT: {
    int a0 = x->sh.d[0];
    for (int i = 0; i < r->sh.rank; i++)
      in[i] = IDX[i];
    const char *lo = access(E, x, in);
    in[0] = fmt("(%s - %d)", IDX[0], a0);
    src = fmt("(%s < %d ? %s : %s)", IDX[0], a0, lo, access(E, op->in[1], in));
    break;
  }
  default: { /* general reshape: through the row-major flat index */
    Buf f = {0};
    int64_t stride = 1;
    for (int d = r->sh.rank - 1; d >= 0; d--) {
      buf_printf(&f, "%s%s * %lld", f.n ? " + " : "", IDX[d], (long long)stride);
      stride *= r->sh.d[d];
    }
    const char *flat = unique_name(E, "flat");
    line(E, "const int %s = %s;", flat, f.s ? f.s : "0");
    buf_free(&f);
    stride = 1;
    for (int d = x->sh.rank - 1; d >= 0; d--) {
      in[d] = fmt("(%s / %lld %% %d)", flat, (long long)stride, x->sh.d[d]);
      stride *= x->sh.d[d];
    }
    src = access(E, x, in);
  }
  }
  line(E, "%s = %s;", lval(E, r, IDX), src);
  close_loops(E, r->sh);
}

