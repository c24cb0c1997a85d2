/* layout.c — which thread and register hold each element of a tile, and index expressions.
 *
 * Shapes are powers of two (tl.arange demands it and every other shape is built from aranges),
 * so the flat index of an element is a concatenation of bit fields: the low lv bits come from
 * e % V (compile-time after unrolling), the next ltc bits from the thread, the rest from e / V.
 * A coordinate is a bit field of the flat index; views (broadcast, reshape, permute, flip,
 * split) only re-wire bits, which is how an index tile is recomputed in any layout. */
#include "cuda.h"

#include <string.h>

static int lg2(int64_t x) {
  int l = 0;
  while ((1LL << l) < x)
    l++;
  return l;
}

static void dim_of_bit(Shape s, int p, int *d, int *k);
static int flat_bits(Shape s);

Lay lay_of(CE *E, Shape s) {
  Lay L = {0};
  L.s = s;
  L.n = (int)shape_numel(s);
  int last = s.rank ? s.d[s.rank - 1] : 1;
  int V = E->chunk;
  while (V > 1 && (V > last || (int64_t)V * E->T > L.n))
    V /= 2;
  L.V = V;
  int chunks = L.n / V;
  L.TC = chunks < E->T ? chunks : E->T;
  L.R = chunks / L.TC;
  L.E = L.R * V;
  L.lv = lg2(V);
  L.ltc = lg2(L.TC);
  L.T = E->T;
  return L;
}

Lay lay_val(CE *E, Value *v) {
  if (cu_vplan(v)->lay)
    return *cu_vplan(v)->lay;
  return lay_of(E, v->sh);
}

/* The accumulator of mma.sync m16n8k16 for an [M, N] tile over wm x wn warps (M / wm rows and
 * N / wn columns per warp, in 16x8 tiles): element e = (mi * NT + ni) * 4 + c of a thread is
 * element c of its fragment in tile (mi, ni) of its warp. As flat bits (columns first):
 *   column bit 0 <- e bit 0 (c & 1), bits 1-2 <- lane bits 0-1 (t), bits 3.. <- the bits of
 *   ni, then the warp's bits along N;
 *   row bits 0-2 <- lane bits 2-4 (g), bit 3 <- e bit 1 (c >> 1), bits 4.. <- the bits of mi,
 *   then the warp's bits along M. */
Lay lay_mma(CE *E, Shape s, int wm, int wn) {
  Lay L = {0};
  L.s = s;
  L.n = (int)shape_numel(s);
  L.T = E->T;
  L.TC = E->T;
  L.ltc = lg2(E->T);
  L.E = L.n / E->T;
  L.V = 2;
  L.lv = 1;
  L.R = L.E / 2;
  L.mapped = true;
  L.wm = (short)wm;
  L.wn = (short)wn;
  int M = s.d[0], N = s.d[1];
  int lnt = lg2(N / wn / 8), lmt = lg2(M / wm / 16), lwn = lg2(wn), lwm = lg2(wm), p = 0;
  L.map[p++] = 0;
  L.map[p++] = MAP_TID + 0;
  L.map[p++] = MAP_TID + 1;
  for (int i = 0; i < lnt; i++)
    L.map[p++] = (signed char)(2 + i);
  for (int i = 0; i < lwn; i++)
    L.map[p++] = (signed char)(MAP_TID + 5 + i);
  for (int i = 0; i < 3; i++)
    L.map[p++] = (signed char)(MAP_TID + 2 + i);
  L.map[p++] = 1;
  for (int i = 0; i < lmt; i++)
    L.map[p++] = (signed char)(2 + lnt + i);
  for (int i = 0; i < lwm; i++)
    L.map[p++] = (signed char)(MAP_TID + 5 + lwn + i);
  return L;
}

/* The accumulator of wgmma m64nNk16 for an [M, N] tile over gm x gn warpgroups of 4 warps
 * (M / gm rows and N / gn columns per warpgroup, N / gn <= 256, in m64 blocks): warp w of a
 * warpgroup holds rows 16 * w + [0, 16) of each 64-row block, and in each its fragments are
 * those of mma.sync's 16x8 tiles side by side. The same as lay_mma, but the warp's bits are
 * row bits 4-5 and the block's bits lie above them; the warpgroup's bits come last. */
Lay lay_wgmma(CE *E, Shape s, int gm, int gn) {
  Lay L = lay_mma(E, s, 1, 1);
  L.wg = true;
  L.wm = (short)gm;
  L.wn = (short)gn;
  int M = s.d[0], N = s.d[1];
  int lnt = lg2(N / gn / 8), lmb = lg2(M / gm / 64), lgn = lg2(gn), lgm = lg2(gm), p = 0;
  L.map[p++] = 0;
  L.map[p++] = MAP_TID + 0;
  L.map[p++] = MAP_TID + 1;
  for (int i = 0; i < lnt; i++)
    L.map[p++] = (signed char)(2 + i);
  for (int i = 0; i < lgn; i++)
    L.map[p++] = (signed char)(MAP_TID + 7 + i);
  for (int i = 0; i < 3; i++)
    L.map[p++] = (signed char)(MAP_TID + 2 + i);
  L.map[p++] = 1;
  L.map[p++] = MAP_TID + 5;
  L.map[p++] = MAP_TID + 6;
  for (int i = 0; i < lmb; i++)
    L.map[p++] = (signed char)(2 + lnt + i);
  for (int i = 0; i < lgm; i++)
    L.map[p++] = (signed char)(MAP_TID + 7 + lgn + i);
  return L;
}

bool lay_slice(Lay L, int axis, Shape rs, Lay *out) {
  if (!L.mapped)
    return false;
  int lo = 0;
  for (int d = L.s.rank - 1; d > axis; d--)
    lo += lg2(L.s.d[d]);
  int hi = lo + lg2(L.s.d[axis]), emask = 0, rep = 0, nb = 0;
  for (int d = 0; d < L.s.rank; d++)
    nb += lg2(L.s.d[d]);
  for (int p = lo; p < hi; p++) {
    if (L.map[p] < MAP_TID)
      emask |= 1 << L.map[p];
    else if (L.map[p] - MAP_TID >= 5)
      return false; /* across warps: through shared memory */
    else
      rep |= 1 << (L.map[p] - MAP_TID);
  }
  Lay S = L;
  S.s = rs;
  S.n = (int)shape_numel(rs);
  memset(S.map, 0, sizeof S.map);
  int p2 = 0;
  for (int p = 0; p < nb; p++) {
    if (p >= lo && p < hi)
      continue;
    int m = L.map[p];
    if (m < MAP_TID) { /* e bit m: its rank among the bits that stay (reduce.c's slot) */
      int r = 0;
      for (int q = 0; q < m; q++)
        r += !((emask >> q) & 1);
      m = r;
    }
    S.map[p2++] = (signed char)m;
  }
  int eb = 0;
  for (int q = 0; q < 30; q++)
    eb += (emask >> q) & 1;
  S.E = L.E >> eb;
  S.V = 1;
  S.lv = 0;
  S.R = S.E;
  S.rep = L.rep | rep;
  *out = S;
  return true;
}

const char *lay_once(CE *E, Lay L) {
  const char *a = L.TC < E->T ? fmt("tid < %d", L.TC) : NULL;
  const char *b = L.rep ? fmt("(tid & %d) == 0", L.rep) : NULL;
  return a && b ? fmt("%s && %s", a, b) : a ? a : b;
}

const char *ix_local(Ix *ix, Lay *L) {
  if (!L->mapped || !L->rep || !shape_eq(ix->s, L->s))
    return NULL;
  Buf b = {0};
  int nb = flat_bits(ix->s);
  for (int p = 0; p < nb; p++) {
    int d, k;
    dim_of_bit(ix->s, p, &d, &k);
    int c = ix->src[d][k], m = L->map[p];
    if (ix->inv[d][k])
      goto no;
    if (m >= MAP_TID) { /* held by a thread bit: the reader's same bit */
      bool t;
      int q;
      if (c < 0)
        goto no;
      lay_bit_source(&ix->L, c, &t, &q);
      if (!t || q != m - MAP_TID)
        goto no;
    } else if (c == BIT_ONE) {
      buf_printf(&b, "%s%d", b.n ? " + " : "", 1 << m);
    } else if (c >= 0) {
      bool t;
      int q;
      lay_bit_source(&ix->L, c, &t, &q);
      if (t)
        goto no;
      buf_printf(&b, "%s((e >> %d) & 1) * %d", b.n ? " + " : "", q, 1 << m);
    }
  }
  const char *r = b.s ? fmt("(%s)", b.s) : "0";
  buf_free(&b);
  return r;
no:
  buf_free(&b);
  return NULL;
}

bool lay_same(const Lay *a, const Lay *b) {
  if (a->n != b->n || a->V != b->V || a->TC != b->TC || a->mapped != b->mapped || a->rep != b->rep)
    return false;
  return !a->mapped || !memcmp(a->map, b->map, sizeof a->map);
}

const char *lay_key(const Lay *L) {
  return fmt("%d/%d/%d%s", L->n, L->V, L->TC,
             L->mapped ? fmt("/%s%dx%d%s", L->wg ? "wgmma" : "mma", L->wm, L->wn,
                             L->rep ? fmt("/rep%d/%dd", L->rep, L->s.rank) : "") : "");
}

/* Flat bit p of a row-major shape belongs to dimension d, bit k. */
static void dim_of_bit(Shape s, int p, int *d, int *k) {
  for (int i = s.rank - 1; i >= 0; i--) {
    int l = lg2(s.d[i]);
    if (p < l) {
      *d = i;
      *k = p;
      return;
    }
    p -= l;
  }
  *d = -1;
  *k = 0;
}

static int flat_bits(Shape s) {
  int n = 0;
  for (int i = 0; i < s.rank; i++)
    n += lg2(s.d[i]);
  return n;
}

Ix ix_for(Lay L, Shape s) {
  Ix ix;
  memset(&ix, 0, sizeof ix);
  ix.L = L;
  ix.s = s;
  for (int d = 0; d < MAXRANK; d++)
    for (int k = 0; k < MAXBITS; k++)
      ix.src[d][k] = BIT_ZERO;
  int nb = flat_bits(s);
  for (int p = 0; p < nb; p++) {
    int d, k;
    dim_of_bit(s, p, &d, &k);
    ix.src[d][k] = (signed char)p;
  }
  return ix;
}

Ix ix_canon(Lay L) { return ix_for(L, L.s); }

/* Element e of the consumer is element e of a tile laid out as src: same flat index bit for
 * bit, same chunking. */
bool ix_is_canon(Ix *ix, Lay *src) {
  if (!lay_same(src, &ix->L) || !shape_eq(src->s, ix->s))
    return false;
  Ix c = ix_for(ix->L, ix->s);
  for (int d = 0; d < ix->s.rank; d++)
    for (int k = 0; k < lg2(ix->s.d[d]); k++)
      if (ix->src[d][k] != c.src[d][k] || ix->inv[d][k])
        return false;
  return true;
}

void lay_bit_source(const Lay *L, int p, bool *is_tid, int *q) {
  if (L->mapped) {
    *is_tid = L->map[p] >= MAP_TID;
    *q = L->map[p] - (*is_tid ? MAP_TID : 0);
  } else if (p < L->lv) {
    *is_tid = false;
    *q = p;
  } else if (p < L->lv + L->ltc) {
    *is_tid = true;
    *q = p - L->lv;
  } else {
    *is_tid = false;
    *q = p - L->ltc;
  }
}

/* flat bit p of the consumer's element is a bit of e the loop around the access keeps 0 */
static bool known_zero(Ix *ix, int p) {
  bool tid;
  int q;
  if (!ix->ezero || p < 0)
    return false;
  lay_bit_source(&ix->L, p, &tid, &q);
  return !tid && ((ix->ezero >> q) & 1);
}

/* Sum of bit fields: coordinate bits k0.. taken from consecutive bits q0.. of e or tid. */
static const char *bits_expr(Ix *ix, const signed char *src, const unsigned char *inv, int nbits) {
  Buf b = {0};
  int k = 0;
  while (k < nbits) {
    if (src[k] == BIT_ZERO || known_zero(ix, src[k])) {
      k++;
      continue;
    }
    if (src[k] == BIT_ONE) {
      buf_printf(&b, "%s%d", b.n ? " + " : "", 1 << k);
      k++;
      continue;
    }
    bool tid;
    int q;
    lay_bit_source(&ix->L, src[k], &tid, &q);
    int len = 1;
    while (k + len < nbits && src[k + len] >= 0 && inv[k + len] == inv[k]) {
      bool t2;
      int q2;
      lay_bit_source(&ix->L, src[k + len], &t2, &q2);
      if (t2 != tid || q2 != q + len || known_zero(ix, src[k + len]))
        break;
      len++;
    }
    const char *v = tid ? "tid" : "e";
    if (inv[k])
      v = fmt("~%s", v);
    const char *f = q ? fmt("(%s >> %d)", v, q) : v;
    /* the thread's top bits need no mask when every thread holds distinct elements */
    bool whole = tid && !inv[k] && len == ix->L.ltc - q && ix->L.TC == ix->L.T;
    if (!whole)
      f = fmt("(%s & %d)", f, (1 << len) - 1);
    buf_printf(&b, "%s%s", b.n ? " + " : "", k ? fmt("%s * %d", f, 1 << k) : f);
    k += len;
  }
  const char *r = b.s ? fmt("(%s)", b.s) : "0";
  buf_free(&b);
  return r;
}

const char *ix_coord(Ix *ix, int d) { return bits_expr(ix, ix->src[d], ix->inv[d], lg2(ix->s.d[d])); }

const char *ix_flat(Ix *ix) {
  signed char src[MAXBITS];
  unsigned char inv[MAXBITS];
  int p = 0;
  for (int d = ix->s.rank - 1; d >= 0; d--)
    for (int k = 0; k < lg2(ix->s.d[d]); k++, p++) {
      src[p] = ix->src[d][k];
      inv[p] = ix->inv[d][k];
    }
  return bits_expr(ix, src, inv, p);
}

/* The operand's coordinates for element ix of op's result: views only re-wire bits. */
Ix ix_view(Op *op, Ix *out, int operand) {
  Value *x = op->in[operand];
  Ix in = *out;
  in.s = x->sh;
  for (int d = 0; d < MAXRANK; d++)
    for (int k = 0; k < MAXBITS; k++) {
      in.src[d][k] = BIT_ZERO;
      in.inv[d][k] = 0;
    }
  Shape os = out->s;
  switch (op->k) {
  case O_SPLAT:
    break;
  case O_BROADCAST:
  case O_ARANGE:
  default: /* elementwise: the same coordinates */
    for (int d = 0; d < x->sh.rank; d++)
      if (x->sh.d[d] == os.d[d])
        for (int k = 0; k < MAXBITS; k++) {
          in.src[d][k] = out->src[d][k];
          in.inv[d][k] = out->inv[d][k];
        }
    break;
  case O_RESHAPE: { /* the row-major flat index is kept */
    int p = 0;
    signed char fs[MAXBITS * MAXRANK];
    unsigned char fi[MAXBITS * MAXRANK];
    for (int d = os.rank - 1; d >= 0; d--)
      for (int k = 0; k < lg2(os.d[d]); k++, p++) {
        fs[p] = out->src[d][k];
        fi[p] = out->inv[d][k];
      }
    for (int q = 0; q < p; q++) {
      int d, k;
      dim_of_bit(x->sh, q, &d, &k);
      if (d >= 0) {
        in.src[d][k] = fs[q];
        in.inv[d][k] = fi[q];
      }
    }
    break;
  }
  case O_PERMUTE: /* result dim i is operand dim perm[i] */
    for (int i = 0; i < os.rank; i++)
      for (int k = 0; k < MAXBITS; k++) {
        in.src[op->perm[i]][k] = out->src[i][k];
        in.inv[op->perm[i]][k] = out->inv[i][k];
      }
    break;
  case O_FLIP:
    for (int d = 0; d < os.rank; d++)
      for (int k = 0; k < MAXBITS; k++) {
        in.src[d][k] = out->src[d][k];
        in.inv[d][k] = (unsigned char)(out->inv[d][k] ^ (d == op->axis && k < lg2(os.d[d])));
      }
    break;
  case O_SPLIT: /* the operand has a last dimension of 2, fixed at ival */
    for (int d = 0; d < os.rank; d++)
      for (int k = 0; k < MAXBITS; k++) {
        in.src[d][k] = out->src[d][k];
        in.inv[d][k] = out->inv[d][k];
      }
    in.src[os.rank][0] = op->ival ? BIT_ONE : BIT_ZERO;
    break;
  case O_JOIN: /* the result's last dimension of 2 picks the operand */
    for (int d = 0; d + 1 < os.rank; d++)
      for (int k = 0; k < MAXBITS; k++) {
        in.src[d][k] = out->src[d][k];
        in.inv[d][k] = out->inv[d][k];
      }
    break;
  case O_CAT: /* dimension 0 of the result: the top bit picks the operand */
    for (int d = 0; d < os.rank; d++)
      for (int k = 0; k < MAXBITS; k++) {
        bool top = d == 0 && k == lg2(os.d[0]) - 1;
        in.src[d][k] = top ? BIT_ZERO : out->src[d][k];
        in.inv[d][k] = top ? 0 : out->inv[d][k];
      }
    break;
  }
  return in;
}

/* "[128, 64] fp32: 4 contiguous per thread along dim 1, 16 threads per row, 128 threads,
 * 4 times over (16 per thread)" */
const char *lay_comment(Lay L, DType t) {
  const char *dn = t == DT_PTR ? "pointers" : dtype_info[t].sig;
  if (L.mapped && L.rep)
    return fmt("%s %s: a reduction of the tensor cores' accumulator, where it was reduced (%d per "
               "thread, copies in the lanes of tid mask %d)", shape_str(L.s), dn, L.E, L.rep);
  if (L.mapped)
    return fmt("%s %s in the tensor cores' accumulator layout: %dx%d %s, %d per thread",
               shape_str(L.s), dn, L.wm, L.wn, L.wg ? "warpgroups (wgmma)" : "warps", L.E);
  int last = L.s.d[L.s.rank - 1];
  const char *per = L.V > 1 ? fmt("%d contiguous per thread along dim %d", L.V, L.s.rank - 1)
                            : "1 per thread";
  int row = last / L.V < L.TC ? last / L.V : L.TC;
  const char *rows = L.s.rank > 1 ? fmt(", %d thread%s per row", row, row > 1 ? "s" : "") : "";
  const char *over = L.R > 1 ? fmt(", %d times over (%d per thread)", L.R, L.E) : "";
  return fmt("%s %s: %s%s, %d threads%s", shape_str(L.s), dn, per, rows, L.TC, over);
}
