/* axis.c — the axis analysis (Triton's AxisInfo): per value and dimension its contiguity,
 * divisibility and constancy, and per integer value a range; stored in Value.ax, shown by
 * --emit ir, read by the targets (a pointer tile contiguous over 4 lanes and divisible by 16
 * bytes is one 16-byte access; a mask constant over a vector is one test; a range decides a
 * bounds check). See the AxisInfo comment in tritonc.h for what each fact means.
 *
 * The rules are those of Triton's lib/Analysis/AxisInfo.cpp, except where Triton's would claim
 * what is not so; here each rule stays true:
 *  - An op that shortens the runs re-derives the divisibility at the new run starts (dv_at);
 *    Triton keeps the operand's (arange + arange would be "divisible by 2^62").
 *  - `//`, `%` give runs only when the dividend is not known to be negative: C's truncating
 *    division is not aligned below zero ((-8..-5) // 4 = -2, -1, -1, -1). As in Triton, a value
 *    whose range is unknown (an argument, or an int32 product that might wrap) is taken for an
 *    index, not negative.
 *  - Ranges are exact: an op whose result may leave its dtype's range (wrap) loses the range.
 *  - A load's constancy also takes its `other` operand's.
 * Loops: carried values start as their initial values and are joined with what the body yields
 * until nothing changes (a range that changes widens to unknown at once, so this ends).
 */
#include "tritonc.h"

#include <string.h>

typedef AxisInfo AI;

static int ndim(const Value *v) { return v->sh.rank ? v->sh.rank : 1; }
static int64_t dsize(const Value *v, int d) { return v->sh.rank ? v->sh.d[d] : 1; }
static bool is_intptr(DType t) { return dt_is_int(t) || t == DT_PTR; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static int64_t gcd(int64_t a, int64_t b) { /* gcd(0, b) == b, as Triton */
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}
static int64_t gcd3(int64_t a, int64_t b, int64_t c) { return gcd(gcd(a, b), c); }

/* the largest power of two dividing v; DIV_MAX for 0 */
static int64_t pow2_div(int64_t v) {
  uint64_t u = (uint64_t)v;
  if (!u)
    return DIV_MAX;
  u &= ~u + 1;
  return u >= (uint64_t)DIV_MAX ? DIV_MAX : (int64_t)u;
}

static int64_t mul_div(int64_t a, int64_t b) { return a > DIV_MAX / b ? DIV_MAX : a * b; }

/* The divisibility of x's elements at the positions along d that are multiples of c: x's own
 * where those are run starts of x, else what a position inside a run keeps. */
static int64_t dv_at(const AI *x, int d, int64_t c) {
  if (x->contig[d] > 1 && c % x->contig[d])
    return gcd3(x->divis[d], c, x->contig[d]);
  return x->divis[d];
}

/* a divisibility every element has */
static int64_t dv_all(const AI *x, int n) {
  int64_t g = 0;
  for (int d = 0; d < n; d++)
    g = gcd(g, dv_at(x, d, 1));
  return g ? g : 1;
}

/* ---- ranges ---- */

/* the values of dtype t that an int64 can hold */
static void dt_range(DType t, int64_t *lo, int64_t *hi) {
  int bits = dt_bits(t);
  if (t == DT_I1)
    *lo = 0, *hi = 1;
  else if (dt_is_unsigned(t))
    *lo = 0, *hi = bits == 64 ? INT64_MAX : ((int64_t)1 << bits) - 1;
  else if (bits == 64)
    *lo = INT64_MIN, *hi = INT64_MAX;
  else
    *lo = -((int64_t)1 << (bits - 1)), *hi = ((int64_t)1 << (bits - 1)) - 1;
}

/* a's range: [lo, hi] when ok and inside t's values, else unknown. Only proved ranges are
 * kept (not t's bounds): an unknown value may be taken for an index (nonneg, below). */
static void set_range(AI *a, DType t, bool ok, int64_t lo, int64_t hi) {
  int64_t tl, th;
  a->ranged = false;
  if (!dt_is_int(t))
    return;
  dt_range(t, &tl, &th);
  if (ok && lo >= tl && hi <= th)
    a->ranged = true, a->lo = lo, a->hi = hi;
}

static bool known(const AI *a, int64_t *c) {
  if (!a->ranged || a->lo != a->hi)
    return false;
  *c = a->lo;
  return true;
}

static bool is(const AI *a, int64_t c) {
  int64_t v;
  return known(a, &v) && v == c;
}

/* not known to take negative values (see the file comment) */
static bool nonneg(const AI *a) { return !a->ranged || a->lo >= 0; }

bool ax_const(const Value *v, int64_t *c) { return dt_is_int(v->dt) && known(&v->ax, c); }

/* the range of a + b, a - b, a * b, a / b, a % b, min, max in int64 (false: not known) */
static bool range_arith(OpKind k, const AI *a, const AI *b, int64_t *rlo, int64_t *rhi) {
  bool ok = a->ranged && b->ranged;
  int64_t lo = 0, hi = 0, p[4];
  if (ok && (k == O_ADD || k == O_SUB)) {
    bool add = k == O_ADD;
    ok = add ? !__builtin_add_overflow(a->lo, b->lo, &lo) &&
                   !__builtin_add_overflow(a->hi, b->hi, &hi)
             : !__builtin_sub_overflow(a->lo, b->hi, &lo) &&
                   !__builtin_sub_overflow(a->hi, b->lo, &hi);
  } else if (ok && k == O_MUL) {
    ok = !__builtin_mul_overflow(a->lo, b->lo, &p[0]) &&
         !__builtin_mul_overflow(a->lo, b->hi, &p[1]) &&
         !__builtin_mul_overflow(a->hi, b->lo, &p[2]) &&
         !__builtin_mul_overflow(a->hi, b->hi, &p[3]);
    lo = hi = p[0];
    for (int i = 1; ok && i < 4; i++)
      lo = min64(lo, p[i]), hi = max64(hi, p[i]);
  } else if (ok && k == O_DIV) { /* truncating; monotone in each operand when b keeps its sign */
    ok = (b->lo > 0 || b->hi < 0) && !(a->lo == INT64_MIN && b->hi >= -1 && b->lo <= -1);
    int64_t x[2] = {a->lo, a->hi}, y[2] = {b->lo, b->hi};
    for (int i = 0; ok && i < 4; i++) {
      p[i] = x[i / 2] / y[i % 2];
      lo = i ? min64(lo, p[i]) : p[i], hi = i ? max64(hi, p[i]) : p[i];
    }
  } else if (ok && k == O_MOD) { /* the sign of the dividend, below the divisor's magnitude */
    ok = (b->lo > 0 || b->hi < 0) && b->lo > INT64_MIN;
    int64_t bmin = b->hi < 0 ? -b->hi : b->lo, m = (b->hi < 0 ? -b->lo : b->hi) - 1;
    lo = a->lo >= 0 ? 0 : max64(a->lo, -m);
    hi = a->hi <= 0 ? 0 : min64(a->hi, m);
    if (a->lo >= 0 && a->hi < bmin) /* a % b == a */
      lo = a->lo, hi = a->hi;
  } else if (ok && (k == O_MIN || k == O_MAX)) {
    lo = k == O_MIN ? min64(a->lo, b->lo) : max64(a->lo, b->lo);
    hi = k == O_MIN ? min64(a->hi, b->hi) : max64(a->hi, b->hi);
  } else {
    ok = false;
  }
  *rlo = lo, *rhi = hi;
  return ok;
}

/* the range of a & b, a | b, a ^ b, a << b, a >> b (false: not known) */
static bool range_bits(OpKind k, const AI *a, const AI *b, int64_t *rlo, int64_t *rhi) {
  bool ok = a->ranged && b->ranged;
  int64_t lo = 0, hi = 0, ca, cb;
  if (known(a, &ca) && known(b, &cb) && (k == O_AND || k == O_OR || k == O_XOR)) {
    ok = true, lo = hi = k == O_AND ? (ca & cb) : k == O_OR ? (ca | cb) : (ca ^ cb);
  } else if (k == O_AND && ((a->ranged && a->lo >= 0) || (b->ranged && b->lo >= 0))) {
    bool pa = a->ranged && a->lo >= 0, pb = b->ranged && b->lo >= 0; /* x & y <= y if y >= 0 */
    ok = true, lo = 0, hi = pa && pb ? min64(a->hi, b->hi) : pa ? a->hi : b->hi;
  } else if (ok && (k == O_OR || k == O_XOR) && a->lo >= 0 && b->lo >= 0) {
    while (hi < max64(a->hi, b->hi)) /* below the next power of two */
      hi = hi * 2 + 1;
  } else if (ok && (k == O_SHL || k == O_SHR) && b->lo >= 0 && b->hi < 63) {
    if (k == O_SHR) /* arithmetic for signed, logical for unsigned (then a >= 0) */
      lo = a->lo >= 0 ? a->lo >> b->hi : a->lo >> b->lo,
      hi = a->hi >= 0 ? a->hi >> b->lo : a->hi >> b->hi;
    else if ((ok = a->lo >= 0 && !__builtin_mul_overflow(a->hi, (int64_t)1 << b->hi, &hi)))
      lo = a->lo << b->lo;
  } else {
    ok = false;
  }
  *rlo = lo, *rhi = hi;
  return ok;
}

int ax_vec_width(const Value *ptr, const Value *mask) {
  if (ptr->dt != DT_PTR || !ptr->sh.rank)
    return 1;
  int d = ptr->sh.rank - 1;
  int64_t esize = max64(1, dt_bits(ptr->elt) / 8);
  int64_t w = min64(min64(max64(ptr->ax.divis[d] / esize, 1), ptr->ax.contig[d]), 16 / esize);
  if (mask && mask->sh.rank == ptr->sh.rank)
    w = min64(w, max64(mask->ax.consta[d], 1));
  return pow2_floor(w);
}

int pow2_floor(int64_t x) {
  int p = 1;
  while (p * 2 <= x)
    p *= 2;
  return p;
}

static void range_binary(AI *r, DType t, OpKind k, const AI *a, const AI *b) {
  int64_t lo, hi;
  bool ok = k == O_AND || k == O_OR || k == O_XOR || k == O_SHL || k == O_SHR
                ? range_bits(k, a, b, &lo, &hi)
                : range_arith(k, a, b, &lo, &hi);
  set_range(r, t, ok, lo, hi);
}

/* 1: the comparison holds for every element, 0: for none, -1: not known */
static int decided(OpKind k, const AI *a, const AI *b) {
  if (!a->ranged || !b->ranged)
    return -1;
  switch (k) {
  case O_LT: return a->hi < b->lo ? 1 : a->lo >= b->hi ? 0 : -1;
  case O_LE: return a->hi <= b->lo ? 1 : a->lo > b->hi ? 0 : -1;
  case O_GT: return a->lo > b->hi ? 1 : a->hi <= b->lo ? 0 : -1;
  case O_GE: return a->lo >= b->hi ? 1 : a->hi < b->lo ? 0 : -1;
  case O_EQ: case O_NE: {
    int eq = a->lo == a->hi && b->lo == b->hi && a->lo == b->lo ? 1
             : a->hi < b->lo || b->hi < a->lo                   ? 0
                                                                : -1;
    return eq < 0 || k == O_EQ ? eq : !eq;
  }
  default: return -1;
  }
}

/* ---- facts of one op ---- */

static AI pessimistic(const Value *v) {
  AI a;
  memset(&a, 0, sizeof a);
  for (int d = 0; d < MAXRANK; d++)
    a.contig[d] = a.divis[d] = a.consta[d] = 1;
  set_range(&a, v->dt, false, 0, 0);
  return a;
}

/* The facts of a value that is x in some executions and y in others (if/loop results). */
static AI join(const Value *v, const AI *x, const AI *y) {
  AI a = pessimistic(v);
  for (int d = 0; d < ndim(v); d++) {
    a.contig[d] = gcd(x->contig[d], y->contig[d]);
    a.consta[d] = gcd(x->consta[d], y->consta[d]);
    a.divis[d] = gcd(dv_at(x, d, a.contig[d]), dv_at(y, d, a.contig[d]));
  }
  set_range(&a, v->dt, x->ranged && y->ranged, min64(x->lo, y->lo), max64(x->hi, y->hi));
  return a;
}

/* Constancy only, as every elementwise op has: equal inputs give equal results. */
static AI elementwise(const Op *op, const Value *r) {
  AI a = pessimistic(r);
  for (int d = 0; d < ndim(r); d++) {
    a.consta[d] = 0;
    for (int i = 0; i < op->nin; i++)
      a.consta[d] =
          gcd(a.consta[d], op->in[i]->sh.rank == r->sh.rank ? op->in[i]->ax.consta[d] : 1);
    if (!a.consta[d])
      a.consta[d] = dsize(r, d);
  }
  return a;
}

/* program_id in [0, N-1], num_programs in [1, N], N the largest grid the C launcher takes (an
 * int). Not the -g grid: NAME_grid() runs any grid. CUDA's y and z limit of 65535 is a target's,
 * not the kernel's. */
static AI grid_leaf(const Op *op, const Value *r) {
  AI a = pessimistic(r);
  set_range(&a, r->dt, true, op->k == O_PROGRAM_ID ? 0 : 1, INT32_MAX - (op->k == O_PROGRAM_ID));
  return a;
}

static AI leaf(const Kernel *k, const Op *op, const Value *r) {
  AI a = pessimistic(r);
  switch (op->k) {
  case O_CONST:
    set_range(&a, r->dt, dt_is_int(r->dt), op->ival, op->ival);
    break;
  case O_ARG: /* the signature's ":16" */
    if (k->params[op->ival].align > 0)
      a.divis[0] = pow2_div(k->params[op->ival].align);
    break;
  case O_PROGRAM_ID: case O_NUM_PROGRAMS:
    return grid_leaf(op, r);
  case O_ARANGE:
    a.contig[0] = r->sh.d[0];
    a.divis[0] = pow2_div(op->ival);
    set_range(&a, r->dt, true, op->ival, op->ival + r->sh.d[0] - 1);
    break;
  default:
    break;
  }
  return a;
}

/* Row-major reshape: size-1 dims added or dropped keep every fact; any other keeps the facts of
 * the innermost dimension as far as its new length allows. */
static AI reshape(const Value *src, const Value *r) {
  const AI *s = &src->ax;
  AI a = pessimistic(r);
  int si[MAXRANK], ri[MAXRANK], ns = 0, nr = 0;
  for (int d = 0; d < src->sh.rank; d++)
    if (src->sh.d[d] > 1)
      si[ns++] = d;
  for (int d = 0; d < r->sh.rank; d++)
    if (r->sh.d[d] > 1)
      ri[nr++] = d;
  bool same = ns == nr;
  for (int j = 0; same && j < ns; j++)
    same = src->sh.d[si[j]] == r->sh.d[ri[j]];
  int64_t all = dv_all(s, ndim(src));
  for (int d = 0; d < ndim(r); d++)
    a.divis[d] = all;
  if (same) {
    for (int j = 0; j < ns; j++) {
      a.contig[ri[j]] = s->contig[si[j]];
      a.divis[ri[j]] = s->divis[si[j]];
      a.consta[ri[j]] = s->consta[si[j]];
    }
  } else if (ns && nr) {
    int ds = si[ns - 1], dr = ri[nr - 1];
    int64_t len = gcd(r->sh.d[dr], src->sh.d[ds]);
    a.contig[dr] = gcd(s->contig[ds], len);
    a.consta[dr] = gcd(s->consta[ds], len);
    a.divis[dr] = dv_at(s, ds, a.contig[dr]);
  }
  a.ranged = s->ranged, a.lo = s->lo, a.hi = s->hi;
  return a;
}

static AI shape_op(const Op *op, const Value *r) {
  const Value *x = op->in[0];
  const AI *s = &x->ax;
  AI a = pessimistic(r);
  switch (op->k) {
  case O_SPLAT:
    for (int d = 0; d < ndim(r); d++)
      a.divis[d] = s->divis[0], a.consta[d] = dsize(r, d);
    break;
  case O_BROADCAST:
    for (int d = 0; d < ndim(r); d++) {
      bool rep = dsize(x, d) == 1 && dsize(r, d) > 1;
      a.contig[d] = rep ? 1 : s->contig[d];
      a.divis[d] = s->divis[d];
      a.consta[d] = rep ? dsize(r, d) : s->consta[d];
    }
    break;
  case O_RESHAPE:
    return reshape(x, r);
  case O_PERMUTE: /* out dim d is in dim perm[d] */
    for (int d = 0; d < r->sh.rank; d++) {
      a.contig[d] = s->contig[op->perm[d]];
      a.divis[d] = s->divis[op->perm[d]];
      a.consta[d] = s->consta[op->perm[d]];
    }
    break;
  case O_FLIP: /* runs reverse: no contiguity (it counts +1 steps) along the axis */
    memcpy(a.contig, s->contig, sizeof a.contig);
    memcpy(a.divis, s->divis, sizeof a.divis);
    memcpy(a.consta, s->consta, sizeof a.consta);
    a.contig[op->axis] = 1;
    a.divis[op->axis] = dv_at(s, op->axis, 1);
    a.consta[op->axis] = gcd(s->consta[op->axis], dsize(x, op->axis));
    break;
  case O_JOIN: case O_CAT: { /* elements of either input */
    AI j = join(r, s, &op->in[1]->ax);
    int n = op->k == O_JOIN ? x->sh.rank : ndim(r);
    for (int d = 0; d < n; d++)
      a.contig[d] = j.contig[d], a.divis[d] = j.divis[d], a.consta[d] = j.consta[d];
    if (op->k == O_CAT) {
      a.contig[0] = gcd(a.contig[0], dsize(x, 0));
      a.consta[0] = gcd(a.consta[0], dsize(x, 0));
    } else {
      a.divis[r->sh.rank - 1] = gcd(dv_all(s, ndim(x)), dv_all(&op->in[1]->ax, ndim(x)));
    }
    a.ranged = j.ranged, a.lo = j.lo, a.hi = j.hi;
    return a;
  }
  case O_SPLIT:
    for (int d = 0; d < r->sh.rank; d++)
      a.contig[d] = s->contig[d], a.divis[d] = s->divis[d], a.consta[d] = s->consta[d];
    if (!r->sh.rank)
      a.divis[0] = dv_all(s, ndim(x));
    break;
  default:
    break;
  }
  a.ranged = s->ranged, a.lo = s->lo, a.hi = s->hi;
  return a;
}

// x + y, x - y, ptr + offsets (offsets count elements; pointer divisibility counts bytes)
static void add_sub(const Op *op, AI *a, const AI *x, const AI *y, int n) {
  int64_t esize = 1;
  if (op->k == O_PTRADD)
    esize = max64(1, dt_bits(op->in[0]->elt) / 8);
  for (int d = 0; d < n; d++) {
    int64_t c = op->k == O_SUB ? gcd(x->contig[d], y->consta[d])
                               : max64(gcd(x->consta[d], y->contig[d]),
                                       gcd(x->contig[d], y->consta[d]));
    a->contig[d] = c;
    a->consta[d] = gcd(x->consta[d], y->consta[d]);
    a->divis[d] = gcd(dv_at(x, d, c), mul_div(dv_at(y, d, c), esize));
  }
}

static void mul(AI *a, const AI *x, const AI *y, int n) {
  for (int d = 0; d < n; d++) {
    int64_t c = max64(is(y, 1) ? x->contig[d] : 1, is(x, 1) ? y->contig[d] : 1);
    a->contig[d] = c;
    a->consta[d] = gcd(x->consta[d], y->consta[d]);
    a->divis[d] = mul_div(dv_at(x, d, c), dv_at(y, d, c));
  }
}

// x // y, x % y (integers: C's truncating division, as Triton's)
static void div_mod(const Op *op, const Value *r, AI *a, const AI *x, const AI *y) {
  int64_t cy = 0;
  bool ky = known(y, &cy);
  for (int d = 0; d < ndim(r); d++) {
    int64_t len = dsize(r, d);
    /* a whole contiguous dimension over a constant divisor: runs of g do not cross a multiple
     * of the divisor, so the quotient is constant and the remainder contiguous on them */
    bool runs = x->contig[d] == len && y->consta[d] == len && nonneg(x);
    int64_t g = gcd3(x->contig[d], x->divis[d], y->divis[d]);
    a->consta[d] = gcd(x->consta[d], y->consta[d]);
    if (op->k == O_DIV) {
      a->contig[d] = ky && cy == 1 ? x->contig[d] : 1;
      if (runs)
        a->consta[d] = max64(a->consta[d], g);
      if (is(x, 0) || (ky && cy == 1))
        a->divis[d] = x->divis[d];
      else if (ky && cy && cy != INT64_MIN && !((cy < 0 ? -cy : cy) & ((cy < 0 ? -cy : cy) - 1)) &&
               x->contig[d] == 1)
        a->divis[d] = max64(1, x->divis[d] / (cy < 0 ? -cy : cy));
    } else {
      a->contig[d] = runs ? g : 1;
      a->divis[d] = gcd(dv_at(x, d, a->contig[d]), dv_at(y, d, a->contig[d]));
      if (ky && cy == 1)
        a->consta[d] = len;
    }
  }
}

// x << s, x >> s
static void shift(const Op *op, const Value *r, AI *a, const AI *x, const AI *y) {
  int64_t s = 0;
  bool ks = known(y, &s) && s >= 0 && s < 62;
  for (int d = 0; d < ndim(r); d++) {
    a->contig[d] = ks && s == 0 ? x->contig[d] : 1;
    a->consta[d] = gcd(x->consta[d], y->consta[d]);
    int64_t dx = dv_at(x, d, a->contig[d]);
    if (op->k == O_SHL)
      a->divis[d] = ks ? mul_div(dx, (int64_t)1 << s) : dx;
    else if (ks)
      a->divis[d] = max64(1, dx >> s);
    /* x >> s rounds down: constant on aligned blocks of 2^s even below zero */
    if (op->k == O_SHR && ks && x->contig[d] == dsize(r, d))
      a->consta[d] = max64(a->consta[d], gcd3(x->contig[d], x->divis[d], (int64_t)1 << s));
  }
}

// x & (2^k - 1): x mod 2^k, contiguous where x is, as x % 2^k would be for x >= 0
static bool and_low_bits(AI *a, const AI *x, const AI *y, int n) {
  int64_t m;
  if (!known(y, &m) || m < 0 || (m & (m + 1)) || m >= DIV_MAX - 1)
    return false;
  for (int d = 0; d < n; d++) {
    a->contig[d] = gcd3(x->contig[d], x->divis[d], m + 1);
    a->divis[d] = gcd(dv_at(x, d, a->contig[d]), m + 1);
    a->consta[d] = x->consta[d];
  }
  return true;
}

// tl.minimum / tl.maximum, select: elements of either side
static void either(AI *a, const AI *x, const AI *y, int n, const AI *cond) {
  for (int d = 0; d < n; d++) {
    int64_t cc = cond ? cond->consta[d] : 0;
    a->contig[d] = gcd3(x->contig[d], y->contig[d], cc);
    a->consta[d] = gcd3(x->consta[d], y->consta[d], cc);
    a->divis[d] = gcd(dv_at(x, d, a->contig[d]), dv_at(y, d, a->contig[d]));
  }
}

/* x < y etc.: constant where no run crosses the threshold (Triton's cases 2 and 3) */
static void compare(const Op *op, const Value *r, AI *a, const AI *x, const AI *y) {
  OpKind k = op->k;
  for (int d = 0; d < ndim(r); d++) {
    int64_t len = dsize(r, d), c = gcd(x->consta[d], y->consta[d]);
    if ((k == O_GT || k == O_LE) && x->consta[d] == len)
      c = max64(c, gcd3(y->contig[d], x->divis[d], y->divis[d]));
    else if ((k == O_LT || k == O_GE) && y->consta[d] == len)
      c = max64(c, gcd3(x->contig[d], x->divis[d], y->divis[d]));
    a->consta[d] = c;
  }
  int t = decided(k, x, y);
  set_range(a, r->dt, t >= 0, t, t);
}

static AI binary(const Op *op, const Value *r) {
  const AI *x = &op->in[0]->ax, *y = &op->in[1]->ax;
  AI a = elementwise(op, r);
  int n = ndim(r);
  if (!is_intptr(op->in[0]->dt))
    return a;
  if (op_class[op->k] == K_CMP && op->in[0]->dt != DT_PTR) {
    compare(op, r, &a, x, y);
    return a;
  }
  switch (op->k) {
  case O_ADD: case O_SUB: case O_PTRADD: add_sub(op, &a, x, y, n); break;
  case O_MUL: mul(&a, x, y, n); break;
  case O_DIV: case O_MOD: div_mod(op, r, &a, x, y); break;
  case O_SHL: case O_SHR: shift(op, r, &a, x, y); break;
  case O_AND:
    if (!and_low_bits(&a, x, y, n))
      and_low_bits(&a, y, x, n);
    break;
  case O_MIN: case O_MAX: {
    int t = decided(O_LE, x, y); /* x <= y everywhere: min is x */
    if (t >= 0)
      return (op->k == O_MIN) == (t == 1) ? *x : *y;
    either(&a, x, y, n, NULL);
    break;
  }
  default:
    break;
  }
  if (op->k != O_PTRADD)
    range_binary(&a, r->dt, op->k, x, y);
  return a;
}

/* what a conversion keeps: the values are the same (or the same modulo 2^bits) */
static AI convert(const Op *op, const Value *r) {
  const Value *x = op->in[0];
  AI a = elementwise(op, r);
  if (!is_intptr(x->dt) || !is_intptr(r->dt) || (x->dt == DT_PTR) != (r->dt == DT_PTR))
    return a; /* from or to floats; addresses count bytes, pointer contiguity elements */
  if (r->dt == DT_I1 && x->dt != DT_I1 && op->k == O_CAST) { /* x != 0 */
    AI z = pessimistic(x);
    set_range(&z, x->dt, true, 0, 0);
    int t = decided(O_NE, &x->ax, &z);
    set_range(&a, r->dt, t >= 0, t, t);
    return a;
  }
  memcpy(a.contig, x->ax.contig, sizeof a.contig);
  memcpy(a.divis, x->ax.divis, sizeof a.divis);
  set_range(&a, r->dt, x->ax.ranged, x->ax.lo, x->ax.hi);
  return a;
}

static AI unary(const Op *op, const Value *r) {
  const AI *x = &op->in[0]->ax;
  AI a = elementwise(op, r);
  if (op->k == O_CAST || op->k == O_BITCAST)
    return convert(op, r);
  if (!dt_is_int(r->dt))
    return a;
  switch (op->k) {
  case O_NOT: /* int1 */
    set_range(&a, r->dt, x->ranged, 1 - x->hi, 1 - x->lo);
    break;
  case O_NEG:
    set_range(&a, r->dt, x->ranged && x->lo > INT64_MIN, -x->hi, -x->lo);
    break;
  case O_ABS:
    set_range(&a, r->dt, x->ranged && x->lo > INT64_MIN,
              x->lo >= 0 ? x->lo : x->hi <= 0 ? -x->hi : 0, max64(x->hi, -x->lo));
    break;
  case O_POPC: case O_CLZ:
    set_range(&a, r->dt, true, 0, dt_bits(op->in[0]->dt));
    break;
  default:
    break;
  }
  return a;
}

// tl.where(c, x, y)
static AI select_op(const Op *op, const Value *r) {
  const AI *c = &op->in[0]->ax, *x = &op->in[1]->ax, *y = &op->in[2]->ax;
  AI a = elementwise(op, r);
  int64_t cv;
  if (known(c, &cv))
    return cv ? *x : *y;
  if (!is_intptr(r->dt))
    return a;
  either(&a, x, y, ndim(r), op->in[0]->sh.rank == r->sh.rank ? c : NULL);
  AI j = join(r, x, y);
  a.ranged = j.ranged, a.lo = j.lo, a.hi = j.hi;
  return a;
}

// tl.load(ptr, mask, other): equal addresses under equal masks load equal values
static AI load(const Op *op, const Value *r) {
  AI a = pessimistic(r);
  for (int d = 0; d < ndim(r); d++) {
    a.consta[d] = 0;
    for (int i = 0; i < op->nin; i++)
      a.consta[d] =
          gcd(a.consta[d], op->in[i]->sh.rank == r->sh.rank ? op->in[i]->ax.consta[d] : 1);
  }
  return a;
}

/* ---- the walk ---- */

static void finish(Value *v, AI a) {
  int n = ndim(v);
  int64_t c;
  if (!is_intptr(v->dt)) {
    for (int d = 0; d < MAXRANK; d++)
      a.contig[d] = a.divis[d] = 1;
    a.ranged = false;
  }
  if (known(&a, &c)) /* one value everywhere */
    for (int d = 0; d < n; d++)
      a.contig[d] = 1, a.consta[d] = dsize(v, d), a.divis[d] = pow2_div(c);
  for (int d = 0; v->hint && d < n; d++) {
    if (v->hint->contig[d])
      a.contig[d] = v->hint->contig[d];
    if (v->hint->divis[d])
      a.divis[d] = v->hint->divis[d];
    if (v->hint->consta[d])
      a.consta[d] = v->hint->consta[d];
  }
  for (int d = n; d < MAXRANK; d++)
    a.contig[d] = a.divis[d] = a.consta[d] = 1;
  v->ax = a;
}

static bool same(const Value *v, const AI *x, const AI *y) {
  for (int d = 0; d < ndim(v); d++)
    if (x->contig[d] != y->contig[d] || x->divis[d] != y->divis[d] || x->consta[d] != y->consta[d])
      return false;
  return x->ranged == y->ranged && (!x->ranged || (x->lo == y->lo && x->hi == y->hi));
}

static void visit_block(const Kernel *k, Block *b);

static Op *last_op(Block *b, OpKind k) {
  return b->nops && b->ops[b->nops - 1]->k == k ? b->ops[b->nops - 1] : NULL;
}

/* Joins the carried arguments args[0..n) with what `end` passes back (from in[skip]); true if
 * any changed. A range that grows becomes unknown, so the fixed point comes in a few trips. */
static bool join_back(Value **args, int n, Op *end, int skip) {
  bool changed = false;
  for (int i = 0; i < n; i++) {
    Value *v = args[i];
    AI old = v->ax;
    AI j = end && skip + i < end->nin ? join(v, &old, &end->in[skip + i]->ax) : pessimistic(v);
    if (j.ranged && (!old.ranged || j.lo != old.lo || j.hi != old.hi))
      set_range(&j, v->dt, false, 0, 0);
    finish(v, j);
    changed |= !same(v, &old, &v->ax);
  }
  return changed;
}

/* the induction variable: lo, lo + step, ...; between lo and hi whatever the step's sign */
static AI induction(const Op *op, const Value *iv) {
  const AI *lo = &op->in[0]->ax, *hi = &op->in[1]->ax, *st = &op->in[2]->ax;
  AI a = pessimistic(iv);
  a.divis[0] = gcd(lo->divis[0], st->divis[0]);
  int64_t b[2][2]; /* lo's and hi's bounds: their ranges, else their dtype's */
  const AI *ends[2] = {lo, hi};
  bool ok = iv->dt != DT_U64;
  for (int i = 0; i < 2; i++) {
    dt_range(iv->dt, &b[i][0], &b[i][1]);
    if (ends[i]->ranged)
      b[i][0] = ends[i]->lo, b[i][1] = ends[i]->hi;
  }
  int64_t l = min64(b[0][0], b[1][0]), h = max64(b[0][1], b[1][1]);
  if (op->flags == 1 || (st->ranged && st->lo > 0)) /* lo <= i < hi */
    l = b[0][0], h = max64(b[0][0], b[1][1] - 1);
  else if (op->flags == 2 || (st->ranged && st->hi < 0)) /* hi < i <= lo */
    l = min64(b[0][1], b[1][0] < INT64_MAX ? b[1][0] + 1 : b[1][0]), h = b[0][1];
  set_range(&a, iv->dt, ok, l, h);
  return a;
}

static void visit_loop(const Kernel *k, Op *op) {
  Block *b = op->reg[0];
  int first = op->k == O_FOR ? 3 : 0, n = op->nin - first;
  Value **carried = op->k == O_FOR ? b->args + 1 : b->args;
  if (op->k == O_FOR)
    finish(b->args[0], induction(op, b->args[0]));
  for (int i = 0; i < n; i++)
    finish(carried[i], op->in[first + i]->ax);
  for (int trip = 0;; trip++) {
    visit_block(k, b);
    Op *back = NULL;
    if (op->k == O_WHILE) { /* the condition forwards to the body, which yields back */
      Op *cond = last_op(b, O_CONDITION);
      Block *body = op->reg[1];
      for (int i = 0; i < body->nargs; i++)
        finish(body->args[i],
               cond && 1 + i < cond->nin ? cond->in[1 + i]->ax : pessimistic(body->args[i]));
      visit_block(k, body);
      back = last_op(body, O_YIELD);
    } else {
      back = last_op(b, O_YIELD);
    }
    if (!join_back(carried, n, back, 0))
      break;
    if (trip > 200) /* cannot happen (the lattice is finite); stay safe */
      die("axis analysis: no fixed point for the loop at line %d", op->loc.line);
  }
  Op *fin = op->k == O_FOR ? last_op(b, O_YIELD) : last_op(b, O_CONDITION);
  for (int i = 0; i < op->nout; i++) {
    /* a for loop may run no trip: its results are the carried arguments' facts */
    const AI *src = op->k == O_FOR ? &carried[i]->ax
                    : fin && 1 + i < fin->nin ? &fin->in[1 + i]->ax : NULL;
    finish(op->out[i], src ? *src : pessimistic(op->out[i]));
  }
}

static void visit_if(const Kernel *k, Op *op) {
  visit_block(k, op->reg[0]);
  if (op->nreg > 1)
    visit_block(k, op->reg[1]);
  Op *t = last_op(op->reg[0], O_YIELD), *e = op->nreg > 1 ? last_op(op->reg[1], O_YIELD) : NULL;
  for (int i = 0; i < op->nout; i++) {
    Value *r = op->out[i];
    bool ok = t && e && i < t->nin && i < e->nin;
    finish(r, ok ? join(r, &t->in[i]->ax, &e->in[i]->ax) : pessimistic(r));
  }
}

/* tl.sort / tl.topk / tl.gather / tl.histogram: their elements are the operand's elements in
 * another order (sort, topk, gather: the range and the divisibility every element has carry
 * over; a line constant in the operand stays constant), or counts (histogram). */
static AI movement(const Op *op, const Value *r) {
  AI a = pessimistic(r);
  const Value *x = op->in[0];
  if (op->k == O_HISTOGRAM) {
    set_range(&a, r->dt, true, 0, dsize(x, 0));
    return a;
  }
  if (dt_is_int(r->dt))
    for (int d = 0; d < ndim(r); d++)
      a.divis[d] = dv_all(&x->ax, ndim(x));
  if (op->k == O_SORT) /* lines keep their order along the other dimensions */
    for (int d = 0; d + 1 < ndim(r); d++)
      a.consta[d] = x->ax.consta[d];
  a.ranged = x->ax.ranged && dt_is_int(r->dt), a.lo = x->ax.lo, a.hi = x->ax.hi;
  return a;
}

static void visit(const Kernel *k, Op *op) {
  if (op->k == O_FOR || op->k == O_WHILE) {
    visit_loop(k, op);
    return;
  }
  if (op->k == O_IF) {
    visit_if(k, op);
    return;
  }
  for (int r = 0; r < op->nreg; r++) { /* combine regions: arguments unknown */
    for (int i = 0; i < op->reg[r]->nargs; i++)
      finish(op->reg[r]->args[i], pessimistic(op->reg[r]->args[i]));
    visit_block(k, op->reg[r]);
  }
  if (op->nout != 1) {
    for (int i = 0; i < op->nout; i++)
      finish(op->out[i], pessimistic(op->out[i]));
    return;
  }
  Value *r = op->out[0];
  AI a;
  switch (op_class[op->k]) {
  case K_LEAF: a = leaf(k, op, r); break;
  case K_SHAPE: a = shape_op(op, r); break;
  case K_UNARY: a = unary(op, r); break;
  case K_BINARY: case K_CMP: a = binary(op, r); break;
  case K_TERNARY: a = op->k == O_SELECT ? select_op(op, r) : elementwise(op, r); break;
  default:
    if (op->k == O_SORT || op->k == O_GATHER || op->k == O_HISTOGRAM)
      a = movement(op, r);
    else
      a = op->k == O_LOAD ? load(op, r) : pessimistic(r);
    break;
  }
  finish(r, a);
}

static void visit_block(const Kernel *k, Block *b) {
  for (int i = 0; i < b->nops; i++)
    visit(k, b->ops[i]);
}

void pass_axis(Kernel *k) { visit_block(k, k->body); }
