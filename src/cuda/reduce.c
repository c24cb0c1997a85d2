/* reduce.c — reductions and scans of a CTA's tile.
 *
 * A reduction along an axis combines the flat-index bits of that axis. In the canonical
 * layout those bits are bits of e (combined inside the thread), low bits of the thread index
 * (lanes of one warp: __shfl_xor_sync butterflies) and high bits (warps: partial results meet
 * in shared memory), as Triton does. The results are then read back in the result's own
 * layout from shared memory, or, for a scalar without warp partials, are already in every
 * thread. Scans go through shared memory: each thread folds its line up to its elements. */
#include "cuda.h"

#include <string.h>

static bool is_arg(Op *op) { return COMB_IS_ARG(op->comb); }

/* dst[i] = combine(acc, el); acc/el/dst are scalar C lvalues or expressions. For argmax and
 * argmin acc/el/dst hold (value, index) pairs as [0], [1]. */
void cu_emit_combine(CE *E, Op *op, const char **acc, const char **el, const char **dst) {
  if (is_arg(op)) {
    const char *c = op->comb == COMB_ARGMAX ? ">" : "<";
    cline(E, "{");
    cline(E, "  const bool take = !(%s %s %s || (%s == %s && %s < %s));", acc[0], c, el[0], acc[0],
          el[0], acc[1], el[1]);
    cline(E, "  %s = take ? %s : %s;", dst[0], el[0], acc[0]);
    cline(E, "  %s = take ? %s : %s;", dst[1], el[1], acc[1]);
    cline(E, "}");
    return;
  }
  if (op->comb != COMB_REGION) {
    cline(E, "%s = %s;", dst[0], cu_binary(E, comb_op(op->comb), op->in[0]->dt, acc[0], el[0]));
    return;
  }
  int n = op->nin;
  Block *r = op->reg[0];
  cline(E, "{");
  E->ind++;
  for (int i = 0; i < n; i++) {
    E->cname[r->args[i]->id] = acc[i];
    E->cname[r->args[n + i]->id] = el[i];
  }
  int saved = E->last_line;
  E->last_line = -1;
  for (int i = 0; i < r->nops; i++) /* scalar ops: fresh names in this scope */
    for (int j = 0; j < r->ops[i]->nout; j++)
      E->cname[r->ops[i]->out[j]->id] = NULL;
  cu_emit_block(E, r);
  E->last_line = saved;
  Op *y = r->ops[r->nops - 1];
  const char **tmp = arena_alloc(sizeof(char *) * (size_t)n);
  for (int i = 0; i < n; i++) {
    tmp[i] = cu_unique(E, "comb");
    cline(E, "const %s %s = %s;", cu_type(y->in[i]->dt, DT__COUNT), tmp[i], cu_access(E, y->in[i], NULL));
  }
  for (int i = 0; i < n; i++)
    cline(E, "%s = %s;", dst[i], tmp[i]);
  E->ind--;
  cline(E, "}");
}

static int lg2(int64_t x) {
  int l = 0;
  while ((1LL << l) < x)
    l++;
  return l;
}

/* Bits of e that hold the axis, bits of tid (lanes, warps) that hold it. */
typedef struct AxisBits {
  int emask, lanemask, warpmask;
  int nslot; /* partial results per thread */
  int nwarp; /* warps holding one output element's partials */
} AxisBits;

static AxisBits axis_bits(Lay L, int axis) {
  AxisBits a = {0};
  int lo = 0;
  for (int d = L.s.rank - 1; d > axis; d--)
    lo += lg2(L.s.d[d]);
  int hi = lo + lg2(L.s.d[axis]);
  for (int p = lo; p < hi; p++) {
    bool tid;
    int q;
    lay_bit_source(&L, p, &tid, &q);
    if (!tid)
      a.emask |= 1 << q;
    else if (q < 5)
      a.lanemask |= 1 << q;
    else
      a.warpmask |= 1 << q;
  }
  int eb = 0, wb = 0;
  for (int b = 0; b < 30; b++) {
    eb += (a.emask >> b) & 1;
    wb += (a.warpmask >> b) & 1;
  }
  a.nslot = L.E >> eb;
  a.nwarp = 1 << wb;
  return a;
}

/* e's slot: its bits outside emask, packed (a run of them as one field) */
static const char *compress(int mask, int nbits, const char *v) {
  if (!(mask & ((1 << nbits) - 1))) /* no bit taken out */
    return v;
  Buf b = {0};
  int k = 0;
  for (int p = 0; p < nbits;) {
    if ((mask >> p) & 1) {
      p++;
      continue;
    }
    int len = 1;
    while (p + len < nbits && !((mask >> (p + len)) & 1))
      len++;
    const char *f = fmt("((%s >> %d) & %d)", v, p, (1 << len) - 1);
    buf_printf(&b, "%s%s", b.n ? " + " : "", k ? fmt("%s * %d", f, 1 << k) : f);
    k += len;
    p += len;
  }
  const char *r = b.s ? fmt("(%s)", b.s) : "0";
  buf_free(&b);
  return r;
}

/* the type a partial crosses lanes as: narrow integers (and bools) widen to int; fp16/bf16
 * partials are already floats in their registers and cross as such */
static const char *shfl_type(DType t) {
  if (t == DT_F16 || t == DT_BF16)
    return NULL;
  if (t == DT_I1 || dt_bits(t) < 32)
    return "int";
  return NULL;
}

/* A reduction being printed: its operand's layout and bits, and the per-thread partials (one
 * array per combined value; argmax / argmin: the value and its index). */
typedef struct Red {
  Op *op;
  Lay L;
  Ix ix;
  AxisBits ab;
  bool arg;
  int n;
  DType ty[9];
  const char *acc[9];
  const char *mem[9]; /* "" or, for a tc_pair of partials (acc[0] = acc[1]), ".a" / ".b" */
  const char *slot;   /* the slot of element e */
} Red;

static Red red_begin(CE *E, Op *op) {
  Red R = {.op = op};
  R.L = lay_val(E, op->in[0]); /* reduced where it lives (the tensor cores' layout included) */
  R.ix = ix_canon(R.L);
  R.ab = axis_bits(R.L, op->axis);
  R.arg = is_arg(op);
  R.n = R.arg ? 2 : op->nin;
  for (int i = 0; i < R.n; i++)
    R.ty[i] = R.arg && i == 1 ? DT_I32 : (R.arg ? op->in[0] : op->in[i])->dt;
  R.slot = compress(R.ab.emask, lg2(R.L.E), "e");
  for (int i = 0; i < 9; i++)
    R.mem[i] = "";
  return R;
}

/* the warp's position along the axis: its warp bits packed */
static const char *warp_index(CE *E, AxisBits ab) {
  int m = ab.warpmask >> 5;
  if (ab.nwarp > 1 && (m & (m + 1)) == 0) /* bits 5, 6, ... of tid */
    return (32 << lg2(ab.nwarp)) >= E->T ? "(tid >> 5)" : fmt("((tid >> 5) & %d)", ab.nwarp - 1);
  return compress(~ab.warpmask, 30, "tid"); /* tid's bits in warpmask, packed */
}

static void fold_thread(CE *E, Red *R, const char **a1, const char **e1);

/* Partials of the thread's result elements, written out step by step: argmax / argmin and
 * tl.reduce of several tiles, whose combine takes pairs the runtime helpers do not. */
static void red_inline(CE *E, Red *R) {
  Op *op = R->op;
  Value *x = op->in[0];
  Lay L = R->L;
  AxisBits ab = R->ab;
  int n = R->n;
  const char *base = op->out[0]->name ? op->out[0]->name : "red";
  const char *el[9];
  for (int i = 0; i < n; i++) {
    Value *in = R->arg ? x : op->in[i];
    R->acc[i] = cu_unique(E, fmt("%s_part%s", base, n > 1 ? fmt("%d", i) : ""));
    const char *src = R->arg && i == 1 ? ix_coord(&R->ix, op->axis) : cu_access(E, in, &R->ix);
    el[i] = cu_unique(E, fmt("%s_in%s", base, n > 1 ? fmt("%d", i) : ""));
    cline(E, "%s %s[%d]; /* %s */", cu_type(R->ty[i], DT__COUNT), el[i], L.E, lay_comment(L, R->ty[i]));
    cu_loop(E, L.E, fmt("%s[e] = %s;", el[i], src));
    cline(E, "%s %s[%d]; /* one partial per result element of this thread */", cu_type(R->ty[i], DT__COUNT), R->acc[i],
          ab.nslot);
  }
  /* 1. inside the thread */
  const char *a1[9], *e1[9];
  for (int i = 0; i < n; i++) {
    a1[i] = fmt("%s[%s]", R->acc[i], L.E > 1 ? R->slot : "0");
    e1[i] = fmt("%s[%s]", el[i], L.E > 1 ? "e" : "0");
  }
  if (L.E == 1) { /* one element: no loop */
    for (int i = 0; i < n; i++)
      cline(E, "%s = %s;", a1[i], e1[i]);
  } else {
    cline(E, "#pragma unroll");
    cline(E, "for (int e = 0; e < %d; ++e) {", L.E);
    E->ind++;
    fold_thread(E, R, a1, e1);
    E->ind--;
    cline(E, "}");
  }
  /* 2. across the lanes of a warp */
  if (!ab.lanemask)
    return;
  bool one = ab.nslot == 1; /* no loop over the slots */
  if (!one) {
    cline(E, "#pragma unroll");
    cline(E, "for (int s = 0; s < %d; ++s) {", ab.nslot);
    E->ind++;
  }
  for (int q = 0; q < 5; q++) {
    if (!((ab.lanemask >> q) & 1))
      continue;
    const char *a2[9], *o2[9];
    for (int i = 0; i < n; i++) {
      a2[i] = fmt("%s[%s]", R->acc[i], one ? "0" : "s");
      o2[i] = cu_unique(E, "other");
      const char *st = shfl_type(R->ty[i]);
      cline(E, "const %s %s = %s__shfl_xor_sync(0xffffffffu, %s%s, %d);", cu_type(R->ty[i], DT__COUNT), o2[i],
            st ? fmt("(%s)", cu_type(R->ty[i], DT__COUNT)) : "", st ? fmt("(%s)", st) : "", a2[i], 1 << q);
    }
    cu_emit_combine(E, op, a2, o2, a2);
  }
  if (!one) {
    E->ind--;
    cline(E, "}");
  }
}

/* the in-thread step's body for element e: the first of its slot, or combined into it */
static void fold_thread(CE *E, Red *R, const char **a1, const char **e1) {
  int n = R->n;
  if (R->ab.emask) {
    cline(E, "if ((e & %d) == 0) {", R->ab.emask);
    for (int i = 0; i < n; i++)
      cline(E, "  %s = %s;", a1[i], e1[i]);
    cline(E, "} else");
    cu_emit_combine(E, R->op, a1, e1, a1);
  } else {
    for (int i = 0; i < n; i++)
      cline(E, "%s = %s;", a1[i], e1[i]);
  }
}

/* bytes of a register of type t, and of a tc_pair of t0, t1 */
static int reg_bytes(DType t) { return t == DT_I1 ? 1 : t == DT_F16 || t == DT_BF16 ? 4 : dt_bits(t) / 8; }
static int pair_bytes(DType t0, DType t1) {
  int a = reg_bytes(t0), b = reg_bytes(t1), al = a > b ? a : b;
  int off = (a + b - 1) / b * b;
  return (off + b + al - 1) / al * al;
}

/* the shared-memory index of result element `flat`'s partial of warp w: flat * nwarp + w,
 * without the terms that are 0 */
static const char *sm_index(const char *flat, int nwarp, const char *w) {
  bool f0 = !strcmp(flat, "0"), w0 = !strcmp(w, "0");
  const char *a = f0 ? NULL : nwarp > 1 ? fmt("%s * %d", flat, nwarp) : flat;
  if (!a)
    return w;
  return w0 ? a : fmt("%s + %s", a, w);
}

/* The partials (R->acc) into the result's layout: left where they are, or across warps through
 * shared memory and read back in the result's own layout. */
static void red_out(CE *E, Red *R) {
  Op *op = R->op;
  Value *x = op->in[0], *r = op->out[0];
  Lay L = R->L;
  AxisBits ab = R->ab;
  int n = R->n;
  bool arg = R->arg;
  int outn = (int)shape_numel(r->sh);
  Lay *rl = cu_vplan(r)->lay;
  if (rl && rl->rep && op->nout == 1) { /* left where it was reduced (lay_slice): every lane has it */
    cline(E, "%s %s[%d]; /* %s */", cu_type(r->dt, DT__COUNT), cu_name(E, r), rl->E, lay_comment(*rl, r->dt));
    cu_loop(E, rl->E, fmt("%s[e] = %s[e];", cu_name(E, r), R->acc[0]));
    return;
  }
  bool direct = r->sh.rank == 0 && ab.nwarp == 1;
  if (direct) { /* results nobody reads (a tuple reduce's `_`) are not declared: nvcc warns */
    if (r->uses)
      cline(E, "const %s = %s[0];", fmt("%s %s", cu_type(r->dt, DT__COUNT), cu_name(E, r)), R->acc[arg ? 1 : 0]);
    for (int i = 1; i < op->nout; i++)
      if (op->out[i]->uses)
        cline(E, "const %s %s = %s[0];", cu_type(op->out[i]->dt, DT__COUNT), cu_name(E, op->out[i]), R->acc[i]);
    return;
  }
  /* result flat index of element e: the coordinates other than the axis */
  Ix ox = R->ix;
  ox.s = r->sh;
  if (r->sh.rank == x->sh.rank - 1 || r->sh.rank == 0) {
    for (int d = op->axis; d + 1 < x->sh.rank; d++)
      memcpy(ox.src[d], R->ix.src[d + 1], sizeof ox.src[d]);
  } else { /* keep_dims: the axis has size 1 */
    for (int k = 0; k < MAXBITS; k++)
      ox.src[op->axis][k] = BIT_ZERO;
  }
  const char *oflat = r->sh.rank ? ix_flat(&ox) : "0";
  const char *widx = warp_index(E, ab);
  long long per = (long long)outn * ab.nwarp;
  long long off = 0;
  const char *sm[9];
  for (int i = 0; i < n; i++) {
    int bytes = dt_bits(R->ty[i]) == 64 ? 8 : 4;
    off = (off + 7) / 8 * 8;
    sm[i] = fmt("((%s *)(tc_smem + %lld))", cu_type(R->ty[i], DT__COUNT), off);
    off += per * bytes;
  }
  if (*R->mem[0]) { /* one array of pairs */
    sm[0] = sm[1] = fmt("((tc_pair<%s, %s> *)(tc_smem + 0))", cu_type(R->ty[0], DT__COUNT), cu_type(R->ty[1], DT__COUNT));
    off = per * pair_bytes(R->ty[0], R->ty[1]);
  }
  cu_smem_need(E, off);
  Buf g = {0};
  buf_printf(&g, "(tid & %d) == 0", ab.lanemask);
  const char *once = lay_once(E, L);
  if (once)
    buf_printf(&g, " && %s", once);
  cline(E, "if (%s) { /* one lane per partial result */", g.s);
  buf_free(&g);
  if (L.E == 1) { /* one element: slot 0 */
    for (int i = 0; i < n; i++)
      cline(E, "  %s[%s]%s = %s[0]%s;", sm[i], sm_index(oflat, ab.nwarp, widx), R->mem[i], R->acc[i], R->mem[i]);
  } else {
    cline(E, "  #pragma unroll");
    cline(E, "  for (int e = 0; e < %d; ++e)", L.E);
    cline(E, "    if ((e & %d) == 0) {", ab.emask);
    for (int i = 0; i < n; i++)
      cline(E, "      %s[%s]%s = %s[%s]%s;", sm[i], sm_index(oflat, ab.nwarp, widx), R->mem[i], R->acc[i], R->slot,
            R->mem[i]);
    cline(E, "    }");
  }
  cline(E, "}");
  cline(E, "__syncthreads();");
  /* read back: the result's elements of this thread, folding the warps' partials */
  const char *fin[9];
  Lay Lo = r->sh.rank ? lay_of(E, r->sh) : L;
  Ix io = ix_canon(Lo);
  const char *rflat = r->sh.rank ? ix_flat(&io) : "0";
  int re = r->sh.rank ? Lo.E : 1;
  for (int i = 0; i < op->nout; i++)
    if (op->out[i]->uses)
      cline(E, "%s;", r->sh.rank ? fmt("%s %s[%d]", cu_type(op->out[i]->dt, DT__COUNT), cu_name(E, op->out[i]), re)
                                 : fmt("%s %s", cu_type(op->out[i]->dt, DT__COUNT), cu_name(E, op->out[i])));
  if (re > 1) {
    cline(E, "#pragma unroll");
    cline(E, "for (int e = 0; e < %d; ++e) {", re);
    E->ind++;
  }
  for (int i = 0; i < n; i++) {
    fin[i] = cu_unique(E, "fold");
    cline(E, "%s%s %s = %s[%s]%s;", arg && i == 0 ? "[[maybe_unused]] " : "", cu_type(R->ty[i], DT__COUNT), fin[i],
          sm[i], sm_index(rflat, ab.nwarp, "0"), R->mem[i]);
  }
  if (ab.nwarp > 1) {
    cline(E, "for (int w = 1; w < %d; ++w) {", ab.nwarp);
    E->ind++;
    const char *ew[9];
    for (int i = 0; i < n; i++)
      ew[i] = fmt("%s[%s]%s", sm[i], sm_index(rflat, ab.nwarp, "w"), R->mem[i]);
    cu_emit_combine(E, op, fin, ew, fin);
    E->ind--;
    cline(E, "}");
  }
  for (int i = 0; i < op->nout; i++)
    if (op->out[i]->uses) /* a result the kernel drops (`_, i = tl.reduce(...)`) is not kept */
      cline(E, "%s%s = %s;", cu_name(E, op->out[i]), r->sh.rank ? (re > 1 ? "[e]" : "[0]") : "", fin[arg ? 1 : i]);
  if (re > 1) {
    E->ind--;
    cline(E, "}");
  }
  cline(E, "__syncthreads();");
}

/* The combine function as a lambda of two partials (of type ty: one value, or a tc_pair of
 * two), printed after head, the call it is the last argument of, and closing that call. A
 * builtin combiner of one value is one expression on one line. */
static void lambda_call(CE *E, Red *R, const char *ty, const char *head) {
  Op *op = R->op;
  if (R->n == 1 && op->comb != COMB_REGION) {
    cline(E, "%s[](%s a, %s b) { return %s; });", head, ty, ty, cu_binary(E, comb_op(op->comb), op->in[0]->dt, "a", "b"));
    return;
  }
  const char *acc = cu_unique(E, "acc"), *el = cu_unique(E, "el"), *res = cu_unique(E, "res");
  const char *a[2] = {acc, NULL}, *b[2] = {el, NULL}, *r[2] = {res, NULL};
  for (int i = 0; R->n == 2 && i < 2; i++) {
    a[i] = fmt("%s.%c", acc, "ab"[i]);
    b[i] = fmt("%s.%c", el, "ab"[i]);
    r[i] = fmt("%s.%c", res, "ab"[i]);
  }
  cline(E, "%s[&](%s %s, %s %s) {", head, ty, acc, ty, el);
  E->ind++;
  cline(E, "%s %s;", ty, res);
  cu_emit_combine(E, op, a, b, r);
  cline(E, "return %s;", res);
  E->ind--;
  cline(E, "});");
}

/* The thread's elements as one array the helpers take: the tile's own registers, or (an index
 * tile, recomputed per element; argmax's value and index; two tiles) a copy */
static const char *red_input(CE *E, Red *R, const char *ty) {
  Op *op = R->op;
  Value *r = op->out[0];
  const char *own = R->n == 1 ? cu_access_array(E, op->in[0], &R->ix) : NULL;
  if (own)
    return own;
  const char *src = cu_access(E, op->in[0], &R->ix);
  const char *arr = cu_unique(E, fmt("%s_in", r->name ? r->name : "red"));
  cline(E, "%s %s[%d];", ty, arr, R->L.E);
  if (R->n == 1) {
    cu_loop(E, R->L.E, fmt("%s[e] = %s;", arr, src));
    return arr;
  }
  const char *b = R->arg ? ix_coord(&R->ix, op->axis) : cu_access(E, op->in[1], &R->ix);
  cu_loop(E, R->L.E, fmt("%s[e].a = %s;\n%s[e].b = %s;", arr, src, arr, b));
  return arr;
}

/* the type of a thread's partial: the value's register type, or a tc_pair of the two */
static const char *red_type(const Red *R) {
  return R->n == 2 ? fmt("tc_pair<%s, %s>", cu_type(R->ty[0], DT__COUNT), cu_type(R->ty[1], DT__COUNT))
                   : cu_type(R->ty[0], DT__COUNT);
}

/* the helpers' input array, the tile's layout and the bits the reduction folds */
static void red_note(CE *E, const Red *R, const char *arr) {
  cline(E, "/* %s: %s; reduced: e bits 0x%x, lane bits 0x%x, %d warp%s */", arr, lay_comment(R->L, R->ty[0]), R->ab.emask,
        R->ab.lanemask, R->ab.nwarp, R->ab.nwarp > 1 ? "s" : "");
}

/* A reduction to one value (one tile, or two: argmax / argmin, tl.reduce of two tiles) by the
 * runtime's helpers (tc_warp_reduce, tc_block_reduce): the same steps red_inline writes out,
 * as one call. */
static void red_helper(CE *E, Red *R) {
  Op *op = R->op;
  Value *r = op->out[0];
  Lay L = R->L;
  AxisBits ab = R->ab;
  DType t = R->ty[0];
  bool pair = R->n == 2;
  const char *ty = red_type(R);
  const char *arr = red_input(E, R, ty);
  red_note(E, R, arr);
  bool used = false;
  for (int i = 0; i < op->nout; i++)
    used |= op->out[i]->uses > 0;
  /* the result: the value itself, or a pair the outputs then take their part of */
  const char *res = pair ? cu_unique(E, fmt("%s_pair", r->name ? r->name : "red")) : cu_name(E, r);
  const char *dst = used ? fmt("const %s %s = ", ty, res) : "(void)";
  if (ab.nwarp == 1) {
    lambda_call(E, R, ty, fmt("%stc_warp_reduce<%d, 0x%x>(%s, ", dst, L.E, ab.lanemask, arr));
  } else {
    cu_smem_need(E, (long long)ab.nwarp * (pair ? pair_bytes(t, R->ty[1]) : dt_bits(t) == 64 ? 8 : 4));
    const char *writer = fmt("(tid & %d) == 0", ab.lanemask);
    const char *once = lay_once(E, L);
    if (once)
      writer = fmt("%s && %s", writer, once);
    lambda_call(E, R, ty, fmt("%stc_block_reduce<%d, 0x%x, %d>(%s, (%s *)tc_smem, %s, %s, ", dst, L.E, ab.lanemask,
                              ab.nwarp, arr, ty, warp_index(E, ab), writer));
  }
  for (int i = 0; pair && i < op->nout; i++) /* argmax / argmin: the index; two tiles: each */
    if (op->out[i]->uses)
      cline(E, "const %s %s = %s.%c;", cu_type(op->out[i]->dt, DT__COUNT), cu_name(E, op->out[i]), res,
            R->arg || i == 1 ? 'b' : 'a');
}

/* a reduction into a tile: each thread's partials (one value or a pair) by tc_warp_reduce, then
 * across warps (red_out) */
static void red_tile(CE *E, Red *R) {
  Op *op = R->op;
  Value *r = op->out[0];
  const char *ty = red_type(R);
  const char *arr = red_input(E, R, ty);
  red_note(E, R, arr);
  R->acc[0] = cu_unique(E, fmt("%s_part", r->name ? r->name : "red"));
  cline(E, "%s %s[%d]; /* one partial per result element of this thread */", ty, R->acc[0], R->ab.nslot);
  lambda_call(E, R, ty, fmt("tc_warp_reduce<%d, 0x%x, 0x%x>(%s, %s, ", R->L.E, R->ab.emask, R->ab.lanemask, arr, R->acc[0]));
  if (R->n == 2) { /* the pair's halves */
    R->acc[1] = R->acc[0];
    R->mem[0] = ".a";
    R->mem[1] = ".b";
  }
  red_out(E, R);
}

// tl.sum / tl.max / tl.argmax / tl.reduce(x, axis, combine_fn)
void cu_emit_reduce(CE *E, Op *op) {
  Red R = red_begin(E, op);
  Lay *rl = cu_vplan(op->out[0])->lay;
  bool scalar = op->out[0]->sh.rank == 0 && !(rl && rl->rep) && R.ab.nslot == 1;
  if (scalar && R.n <= 2) {
    red_helper(E, &R);
    return;
  }
  if (R.n == 1 || (R.n == 2 && !(rl && rl->rep && op->nout == 1))) {
    red_tile(E, &R);
    return;
  }
  red_inline(E, &R);
  red_out(E, &R);
}

// tl.cumsum / tl.cumprod / tl.associative_scan(x, axis, combine_fn, reverse)
void cu_emit_scan(CE *E, Op *op) {
  Value *x = op->in[0];
  Lay L = lay_of(E, x->sh);
  Ix ix = ix_canon(L);
  int n = op->nin, N = x->sh.d[op->axis];
  bool rev = op->flags & 2;
  long long stride = 1;
  for (int d = op->axis + 1; d < x->sh.rank; d++)
    stride *= x->sh.d[d];
  long long off = 0;
  const char *sm[9];
  for (int i = 0; i < n; i++) {
    off = (off + 7) / 8 * 8;
    sm[i] = fmt("((%s *)(tc_smem + %lld))", cu_type(op->in[i]->dt, DT__COUNT), off);
    off += (long long)L.n * (dt_bits(op->in[i]->dt) == 64 ? 8 : 4);
    cu_store_tile(E, op->in[i], sm[i], L);
  }
  cu_smem_need(E, off);
  cline(E, "__syncthreads();");
  for (int i = 0; i < op->nout; i++) {
    cline(E, "%s %s[%d]; /* %s */", cu_type(op->out[i]->dt, DT__COUNT), cu_name(E, op->out[i]), L.E,
          lay_comment(L, op->out[i]->dt));
  }
  const char *pos = ix_coord(&ix, op->axis), *flat = ix_flat(&ix);
  cline(E, "#pragma unroll");
  cline(E, "for (int e = 0; e < %d; ++e) {", L.E);
  E->ind++;
  cline(E, "const int at = %s, line0 = %s - at * %lld; /* position along the axis, line start */", pos, flat, stride);
  const char *acc[9], *el[9];
  for (int i = 0; i < n; i++) {
    acc[i] = cu_unique(E, "run");
    cline(E, "%s %s = %s[%s];", cu_type(op->in[i]->dt, DT__COUNT), acc[i], sm[i],
          rev ? fmt("line0 + %lld", (N - 1) * stride) : "line0");
  }
  if (rev)
    cline(E, "for (int k = %d; k >= at; --k) {", N - 2);
  else
    cline(E, "for (int k = 1; k <= at; ++k) {");
  E->ind++;
  for (int i = 0; i < n; i++)
    el[i] = fmt("%s[line0 + k * %lld]", sm[i], stride);
  cu_emit_combine(E, op, acc, el, acc);
  E->ind--;
  cline(E, "}");
  for (int i = 0; i < op->nout; i++)
    cline(E, "%s[e] = %s;", cu_name(E, op->out[i]), acc[i]);
  E->ind--;
  cline(E, "}");
  cline(E, "__syncthreads();");
}
