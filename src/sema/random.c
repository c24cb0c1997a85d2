/* random.c — triton.language.random: Philox4x32 / Philox4x64 counter-based random numbers.
 *
 * Triton defines tl.rand & co. as @jit functions written in Triton itself, so their results are
 * whatever its typing rules make of integer and float arithmetic. They are lowered here the same
 * way: through binary() and the tl.* builtins (call_builtin), never through ops of their own, so
 * promotion, broadcasting and wrapping follow the rules every other expression follows, and both
 * targets (and the C vector path) see ordinary elementwise integer ops.
 *
 * The algorithm, as Triton 3.x runs it:
 *  - philox(seed, c0..c3): the seed goes to uint64. 32-bit counters run Philox4x32 with key
 *    (seed & 0xffffffff, seed >> 32); 64-bit counters run Philox4x64 with key (seed, 0), the 0
 *    being a [1]-shaped tile (so a scalar counter gives a [1] result, as in Triton).
 *  - each round: c0' = umulhi(B, c2) ^ c1 ^ k0, c2' = umulhi(A, c0) ^ c3 ^ k1, c1' = B * c2,
 *    c3' = A * c0, then k0 += KEY_A, k1 += KEY_B (Philox4x32: A = 0xD2511F53, B = 0xCD9E8D57,
 *    KEY_A = 0x9E3779B9, KEY_B = 0xBB67AE85; Philox4x64 has its own four constants).
 *  - randint4x(seed, off) = philox(seed, low word of off, high word of off or 0, 0, 0): Philox4x32
 *    whatever the offset's width (see randint4x below).
 *  - uint_to_uniform_float(x): x as a signed integer of its width, x < 0 -> -x - 1, times a scale
 *    (fp32 4.6566127342e-10 for 32 bits, 1.0842020432385337e-19 for 64) so that the result < 1.
 *  - randn: Box-Muller on the first two words, u1 floored at 1e-7, th = 2*pi * u2,
 *    r = sqrt(-2 * log(u1)), result r * cos(th) (randn4x: also r * sin(th), and a second pair).
 */
#include "sema.h"

#include <string.h>

typedef struct Rng {
  Sema *S;
  Loc loc;
} Rng;

static SVal *uconst(uint64_t x) {
  SVal *v = sv_int((int64_t)x);
  v->u64 = x > (uint64_t)INT64_MAX;
  return v;
}

static SVal *op2(Rng *R, PyOp op, SVal *a, SVal *b) { return binary(R->S, R->loc, op, a, b); }

/* a call of the builtin NAME ("tl.maximum", "math.log") on positional arguments */
static SVal *tl_call(Rng *R, const char *name, int n, SVal *a, SVal *b, SVal *c) {
  SVal *fn = sv_new(SV_BUILTIN);
  fn->s = name;
  SVal *args[3] = {a, b, c};
  return call_builtin(R->S, R->loc, fn, args, n, NULL, NULL, 0);
}

static SVal *bitcast(Rng *R, SVal *x, DType dt) {
  return sv_tensor(bitcast_to(R->S, R->loc, to_tensor(R->S, R->loc, x), dt));
}

// philox_impl(c0, c1, c2, c3, k0, k1, n_rounds): the rounds on counters of one unsigned type
static void philox_rounds(Rng *R, SVal *c[4], SVal *k0, SVal *k1, int64_t n_rounds, bool wide) {
  SVal *ka = uconst(wide ? 0x9E3779B97F4A7C15ull : 0x9E3779B9u);
  SVal *kb = uconst(wide ? 0xBB67AE8584CAA73Bull : 0xBB67AE85u);
  SVal *ra = uconst(wide ? 0xD2E7470EE14C6C93ull : 0xD2511F53u);
  SVal *rb = uconst(wide ? 0xCA5A826395121157ull : 0xCD9E8D57u);
  for (int64_t i = 0; i < n_rounds; i++) {
    SVal *c0 = c[0], *c2 = c[2];
    c[0] = op2(R, OP_BITXOR, op2(R, OP_BITXOR, tl_call(R, "tl.umulhi", 2, rb, c2, NULL), c[1]), k0);
    c[2] = op2(R, OP_BITXOR, op2(R, OP_BITXOR, tl_call(R, "tl.umulhi", 2, ra, c0, NULL), c[3]), k1);
    c[1] = op2(R, OP_MUL, rb, c2);
    c[3] = op2(R, OP_MUL, ra, c0);
    k0 = op2(R, OP_ADD, k0, ka);
    k1 = op2(R, OP_ADD, k1, kb);
  }
}

// tl.philox(seed, c0, c1, c2, c3, n_rounds=10)
static SVal *philox(Rng *R, SVal *seed, SVal *in[4], int64_t n_rounds) {
  Sema *S = R->S;
  SVal *c[4];
  for (int i = 0; i < 4; i++)
    c[i] = sv_tensor(to_tensor(S, R->loc, in[i]));
  Value *sd = to_tensor(S, R->loc, seed);
  if (sd->dt == DT_PTR || dt_is_float(sd->dt))
    error_at(R->loc, "the seed of a random number function must be an integer, got %s",
             dt_name(sd->dt, sd->elt));
  SVal *s64 = sv_tensor(cast_to(S, R->loc, sd, DT_U64));
  int bits = c[0]->v->dt == DT_PTR ? 0 : dt_bits(c[0]->v->dt);
  if (bits != 32 && bits != 64)
    error_at(R->loc, "tl.philox counters must be 32- or 64-bit words, got %s",
             dt_name(c[0]->v->dt, c[0]->v->elt));
  SVal *k0, *k1;
  DType ut = bits == 32 ? DT_U32 : DT_U64;
  if (bits == 32) {
    SVal *m = uconst(0xffffffffu);
    k1 = sv_tensor(cast_to(S, R->loc, op2(R, OP_BITAND, op2(R, OP_RSHIFT, s64, sv_int(32)), m)->v, DT_U32));
    k0 = sv_tensor(cast_to(S, R->loc, op2(R, OP_BITAND, s64, m)->v, DT_U32));
  } else {
    Value *z = const_value(S, R->loc, DT_U64, 0, 0);
    k1 = sv_tensor(broadcast_to(S, R->loc, z, (Shape){1, {1}}));
    k0 = s64;
  }
  for (int i = 0; i < 4; i++)
    c[i] = bitcast(R, c[i], ut);
  philox_rounds(R, c, k0, k1, n_rounds, bits == 64);
  SVal *t = sv_tuple(4);
  memcpy(t->items, c, sizeof c);
  return t;
}

/* tl.randint4x(seed, offset, n_rounds=10): always Philox4x32. The offset's low word is the first
 * counter and, for an offset wider than 32 bits, its high word the second:
 *   offset_lo = offset.to(tl.uint32); _0 = offset_lo * 0
 *   offset_hi = (offset >> 32).to(tl.uint32) if offset is 64-bit else _0
 *   philox(seed, offset_lo, offset_hi, _0, _0)
 * (Triton 3.6; its recorded int64-offset outputs stay below 2^32 and match this bit for bit, cases
 * rand_randint64 / rand_rand64 / rand_randn64). Only tl.philox on 64-bit counters runs Philox4x64. */
static SVal *randint4x(Rng *R, SVal *seed, SVal *offset, int64_t n_rounds) {
  Sema *S = R->S;
  Value *off = to_tensor(S, R->loc, offset);
  if (off->dt == DT_PTR || !dt_is_int(off->dt))
    error_at(R->loc, "random number offsets must be integers, got %s", dt_name(off->dt, off->elt));
  SVal *lo = sv_tensor(cast_to(S, R->loc, off, DT_U32));
  SVal *z = op2(R, OP_MUL, lo, sv_int(0));
  SVal *hi = z;
  if (dt_bits(off->dt) > 32)
    hi = sv_tensor(cast_to(S, R->loc, op2(R, OP_RSHIFT, sv_tensor(off), sv_int(32))->v, DT_U32));
  SVal *c[4] = {lo, hi, z, z};
  return philox(R, seed, c, n_rounds);
}

// tl.uint_to_uniform_float(x)
static SVal *uniform(Rng *R, SVal *x) {
  Value *v = to_tensor(R->S, R->loc, x);
  DType t = v->dt;
  if (t != DT_I32 && t != DT_U32 && t != DT_I64 && t != DT_U64)
    error_at(R->loc, "uint_to_uniform_float() needs a 32- or 64-bit integer, got %s",
             dt_name(t, v->elt));
  bool wide = dt_bits(t) == 64;
  SVal *s = bitcast(R, x, wide ? DT_I64 : DT_I32);
  SVal *neg = op2(R, OP_SUB, unary(R->S, R->loc, OP_NEG, s), sv_int(1));
  s = tl_call(R, "tl.where", 3, op2(R, OP_LT, s, sv_int(0)), neg, s);
  return op2(R, OP_MUL, s, sv_float(wide ? 1.0842020432385337e-19 : 4.6566127342e-10));
}

// pair_uniform_to_normal(u1, u2): Box-Muller
static void normal_pair(Rng *R, SVal *u1, SVal *u2, SVal **n1, SVal **n2) {
  u1 = tl_call(R, "tl.maximum", 2, sv_float(1.0e-7), u1, NULL);
  SVal *th = op2(R, OP_MUL, sv_float(6.283185307179586), u2);
  SVal *r = tl_call(R, "math.sqrt", 1, op2(R, OP_MUL, sv_float(-2.0), tl_call(R, "math.log", 1, u1, NULL, NULL)), NULL, NULL);
  *n1 = op2(R, OP_MUL, r, tl_call(R, "math.cos", 1, th, NULL, NULL));
  if (n2)
    *n2 = op2(R, OP_MUL, r, tl_call(R, "math.sin", 1, th, NULL, NULL));
}

SVal *random_call(Sema *S, Loc loc, const char *name, SVal **a, int64_t n_rounds) {
  Rng R = {S, loc};
  if (n_rounds < 0)
    error_at(loc, "%s(): n_rounds must be a non-negative constexpr integer", name);
  if (n_rounds > 4096) /* the rounds unroll, as Triton's static_range: tritonc's cap on that */
    error_at(loc, "%s(): n_rounds of %lld unrolls more than 4096 rounds", name,
             (long long)n_rounds);
  if (!strcmp(name, "philox"))
    return philox(&R, a[0], a + 1, n_rounds);
  if (!strcmp(name, "uint_to_uniform_float"))
    return uniform(&R, a[0]);
  if (!strcmp(name, "pair_uniform_to_normal")) {
    SVal *t = sv_tuple(2);
    normal_pair(&R, a[0], a[1], &t->items[0], &t->items[1]);
    return t;
  }
  SVal *w = randint4x(&R, a[0], a[1], n_rounds);
  if (!strcmp(name, "randint4x"))
    return w;
  if (!strcmp(name, "randint"))
    return w->items[0];
  if (!strcmp(name, "rand"))
    return uniform(&R, w->items[0]);
  SVal *u = sv_tuple(4);
  for (int i = 0; i < 4; i++)
    u->items[i] = uniform(&R, w->items[i]);
  if (!strcmp(name, "rand4x"))
    return u;
  if (!strcmp(name, "randn")) {
    SVal *n1;
    normal_pair(&R, u->items[0], u->items[1], &n1, NULL);
    return n1;
  }
  if (!strcmp(name, "randn4x")) {
    normal_pair(&R, u->items[0], u->items[1], &u->items[0], &u->items[1]);
    normal_pair(&R, u->items[2], u->items[3], &u->items[2], &u->items[3]);
    return u;
  }
  die("random_call: %s", name);
}
