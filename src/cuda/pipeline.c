/* pipeline.c — the tl.dot forms the CUDA target can take (wgmma's shape, the tf32, fp8 and int8
 * tensor-core forms, operands copied straight to shared memory), and its prefetch pass
 * (cu_prefetch, the first step of Target.prepare): the operands a for loop loads for its tl.dot
 * are loaded D = num_stages - 1 trips ahead (here D = 1):
 *
 *     for k0 in range(lo, hi, st): a = tl.load(pa(k0, off), m(k0)); ...tl.dot(a, b)...; off += s
 *  -> a0 = tl.load(pa(lo, off0), m(lo) & (lo < hi))
 *     for k0 in range(lo, hi, st) carrying a = a0:
 *         ...tl.dot(a, b)...
 *         a_next = tl.load(pa(k0 + st, off + s), m(k0 + st) & (k0 + st < hi)); yield a_next
 *
 * With D > 1 the first D trips' tiles are loaded before the loop and each operand is D carried
 * tiles, shifted by one each trip (a ring of buffers). The CUDA target streams such operands
 * from global to shared memory (cp.async) into num_stages buffers: later trips' copies travel
 * while the tensor cores work on this trip's, as the multi-stage pipelines of Triton's matmuls
 * do (-ns, default 3 as Triton's). Only operands the target copies that way are moved (16-bit
 * elements, or both operands of a tf32, fp8 or int8 dot, in 16-byte chunks under one mask bit,
 * other = 0, read by the dot alone, or by an exact x.to(fp16 or bf16) the dot alone reads (int8
 * weights: x streams as it is loaded, cu_conv_src); or k of tl.trans(k) for a dot of wgmma's shape,
 * cu_dot_wgmma_shape, or a tf32, fp8 or int8 one), since a tile carried in registers instead costs
 * more than it saves. Every dot of the loop body. The address and mask must be index math of
 * the trip: pure ops of the body
 * over the induction variable, the carried values (at later trips as the body yields them,
 * themselves pure) and values from outside. Exact: the load at trip i + D reads what the
 * original load read at trip i + D, and nothing past the last trip (the mask). Only loops known
 * to count up (`range` with a positive constant step). */
#include "cuda.h"

#include <string.h>

/* ---- the dot forms ---- */

/* a 0 constant, cast, splat or broadcast (a load's other=0) */
static bool zero_const(Value *v) {
  while (v->def && (v->def->k == O_SPLAT || v->def->k == O_BROADCAST || v->def->k == O_CAST)) /* 0 in any type */
    v = v->def->in[0];
  return v->def && v->def->k == O_CONST && v->def->fval == 0 && v->def->ival == 0;
}

/* dot multiplies 2-D fp32 tiles at tf32 precision (Triton's default on the GPU) */
static bool dot_tf32(const Op *dot) {
  const Value *a = dot->in[0], *b = dot->in[1], *r = dot->out[0];
  return r->sh.rank == 2 && r->dt == DT_F32 && a->dt == DT_F32 && b->dt == DT_F32 && dot->str &&
         !strcmp(dot->str, "tf32");
}

/* dot multiplies 2-D e4m3 / e5m2 tiles into fp32 (cu_fp8_operands gave it its fp8 tiles) */
static bool dot_fp8(const Op *dot) {
  const Value *a = dot->in[0], *b = dot->in[1], *r = dot->out[0];
  return r->sh.rank == 2 && r->dt == DT_F32 && (a->dt == DT_F8E4NV || a->dt == DT_F8E5) &&
         (b->dt == DT_F8E4NV || b->dt == DT_F8E5);
}

bool cu_dot_wgmma_shape(const Kernel *k, const Op *dot, int *gm, int *gn) {
  const Value *a = dot->in[0], *b = dot->in[1], *r = dot->out[0];
  /* tf32 and fp8: wgmma reads both operands K-major only, so B must be tl.trans of a tile */
  bool kb = b->def && b->def->k == O_PERMUTE;
  bool tf32 = dot_tf32(dot) && kb, f8 = dot_fp8(dot) && kb;
  if (r->sh.rank != 2 || r->dt != DT_F32 || (a->dt != b->dt && !f8) ||
      (a->dt != DT_F16 && a->dt != DT_BF16 && !tf32 && !f8) || k->num_warps % 4)
    return false;
  /* K in 16-bit units: 32 bytes of K per instruction (k16 for fp16/bf16, k8 for tf32, k32 for fp8) */
  int M = r->sh.d[0], N = r->sh.d[1], K = a->sh.d[1] * (tf32 ? 2 : 1) / (f8 ? 2 : 1), G = k->num_warps / 4, m = G;
  while (m > 1 && (M / m) % 64)
    m /= 2;
  int n = G / m;
  if (M % 64 || (K % 64 && K != 32) || (M / m) % 64 || (N / n) % 64 || N / n > 256)
    return false;
  if (gm)
    *gm = m;
  if (gn)
    *gn = n;
  return true;
}

bool cu_dot_wide_mma(const Op *dot) {
  const Value *a = dot->in[0], *b = dot->in[1], *r = dot->out[0];
  return dot_tf32(dot) || dot_fp8(dot) || (r->sh.rank == 2 && r->dt == DT_I32 && a->dt == DT_I8 && b->dt == DT_I8);
}

Value *cu_conv_src(const Op *dot, Value *v) {
  Op *c = v->def;
  DType t = dot->in[0]->dt;
  if (!c || c->k != O_CAST || c->nin != 1 || v->uses != 1 || v->sh.rank != 2 || dot->out[0]->sh.rank != 2 ||
      dot->out[0]->dt != DT_F32 || (t != DT_F16 && t != DT_BF16) || dot->in[1]->dt != t || v->dt != t)
    return NULL;
  Value *x = c->in[0];
  return (x->dt == DT_I8 || x->dt == DT_U8) && x->sh.rank == 2 ? x : NULL;
}

Op *cu_cp_async_load(const Op *dot, Value *v, bool conv) {
  Op *L = v->def;
  bool wide = (v->dt == DT_F32 || v->dt == DT_I8 || v->dt == DT_F8E4NV || v->dt == DT_F8E5) && cu_dot_wide_mma(dot);
  wide |= conv && (v->dt == DT_I8 || v->dt == DT_U8);
  if (!L || L->k != O_LOAD || v->uses != 1 || v->sh.rank != 2 || (v->dt != DT_F16 && v->dt != DT_BF16 && !wide) ||
      (L->nin > 2 && !zero_const(L->in[2])))
    return NULL;
  int chunk = 16 / (dt_bits(v->dt) / 8); /* elements of 16 bytes */
  if (v->sh.d[1] % chunk)
    return NULL;
  return ax_vec_width(L->in[0], L->nin > 1 ? L->in[1] : NULL) < chunk ? NULL : L;
}

/* ---- the prefetch pass ---- */

typedef struct Ctx {
  Kernel *k;
  Block *body, *dst; /* ops of body are cloned into dst at *pos */
  int *pos;
  Value *iv;         /* what the induction variable becomes */
  Value **carried;   /* what carried value j becomes; NULL: as `same` computes the yield */
  struct Ctx *same;
  Value **memo;      /* per original value id (< nmemo): its clone */
  int nmemo;
} Ctx;

static bool pure(Op *op) {
  if (op->nreg)
    return false;
  switch (op_class[op->k]) {
  case K_LEAF: case K_SHAPE: case K_UNARY: case K_BINARY: case K_CMP: case K_TERNARY:
    return op->k != O_ARG;
  default:
    return false;
  }
}

/* v computable at the top of the body from the trip's values by pure ops */
static bool trip_math(Block *b, Value *v, int depth) {
  if (depth > 64)
    return false;
  if (!v->def || v->def->parent != b)
    return true; /* the body's arguments, or from outside */
  if (!pure(v->def))
    return false;
  for (int i = 0; i < v->def->nin; i++)
    if (!trip_math(b, v->def->in[i], depth + 1))
      return false;
  return true;
}

/* every carried value the trip math of v reads is yielded as trip math */
static bool carried_ok(Block *b, Op *y, Value *v, int depth) {
  if (depth > 64)
    return false;
  if (!v->def) {
    int j = ir_arg_index(b, v);
    return j <= 0 || trip_math(b, y->in[j - 1], 0);
  }
  if (v->def->parent != b)
    return true;
  for (int i = 0; i < v->def->nin; i++)
    if (!carried_ok(b, y, v->def->in[i], depth + 1))
      return false;
  return true;
}

static Value *clone(Ctx *c, Value *v);

static Value *clone(Ctx *c, Value *v) {
  if (!v->def) {
    int j = ir_arg_index(c->body, v);
    if (j == 0)
      return c->iv;
    if (j < 0)
      return v;
    return c->carried ? c->carried[j - 1] : clone(c->same, ir_yield(c->body)->in[j - 1]);
  }
  Op *d = v->def;
  if (d->parent != c->body)
    return v;
  if (v->id < c->nmemo && c->memo[v->id])
    return c->memo[v->id];
  Value **in = arena_alloc(sizeof(Value *) * (size_t)(d->nin + 1));
  for (int i = 0; i < d->nin; i++)
    in[i] = clone(c, d->in[i]);
  Op *n = ir_op_at(c->dst, (*c->pos)++, d->k, d->loc, d->nin, in);
  n->axis = d->axis;
  n->ival = d->ival;
  n->fval = d->fval;
  memcpy(n->perm, d->perm, sizeof n->perm);
  n->str = d->str;
  n->flags = d->flags;
  n->aux = d->aux;
  Value *r = NULL;
  for (int o = 0; o < d->nout; o++) {
    Value *x = ir_result(c->k, n, d->out[o]->dt, d->out[o]->sh);
    x->elt = d->out[o]->elt;
    x->name = d->out[o]->name;
    x->hint = d->out[o]->hint;
    if (d->out[o]->id < c->nmemo)
      c->memo[d->out[o]->id] = x;
    if (d->out[o] == v)
      r = x;
  }
  return r;
}

/* the load L of the body cloned for the context, its mask also requiring the scalar `go` */
static Value *clone_load(Ctx *c, Op *L, Value *go) {
  Kernel *k = c->k;
  Value *r = L->out[0];
  Op *sp = ir_op_at(c->dst, (*c->pos)++, O_SPLAT, L->loc, 1, &go);
  Value *g = ir_result(k, sp, DT_I1, r->sh);
  Value *in[3];
  in[0] = clone(c, L->in[0]);
  if (L->nin > 1) {
    Value *m[2] = {clone(c, L->in[1]), g};
    Op *and = ir_op_at(c->dst, (*c->pos)++, O_AND, L->loc, 2, m);
    in[1] = ir_result(k, and, DT_I1, r->sh);
  } else {
    in[1] = g;
  }
  int nin = 2;
  if (L->nin > 2)
    in[nin++] = clone(c, L->in[2]);
  Op *n = ir_op_at(c->dst, (*c->pos)++, O_LOAD, L->loc, nin, in);
  n->axis = L->axis;
  n->ival = L->ival;
  n->str = L->str;
  n->flags = L->flags;
  n->aux = L->aux;
  Value *x = ir_result(k, n, r->dt, r->sh);
  x->elt = r->elt;
  x->name = r->name;
  x->hint = r->hint;
  return x;
}

/* v is computed by an op outside the loop body b (not a block argument) */
static bool invariant(Block *b, Value *v) {
  if (!v->def)
    return false;
  for (Block *in = v->def->parent; in; in = in->parent ? in->parent->parent : NULL)
    if (in == b)
      return false;
  return true;
}

/* operand o of dot d: a load of the body the CUDA target can stream (see above), or NULL */
static Op *streamed(Kernel *k, Block *b, Op *y, Op *d, int o) {
  Value *v = d->in[o];
  (void)k;
  if (o == 1 && v->def && v->def->k == O_PERMUTE && v->uses == 1 && cu_mma_kind(d))
    v = v->def->in[0]; /* tl.trans(k): the CUDA target streams k as it is (K-major) */
  Value *x = cu_conv_src(d, v); /* x.to(fp16) of int8 x: x streams, the dot converts it */
  Op *L = cu_cp_async_load(d, x ? x : v, x != NULL);
  if (d->out[0]->sh.rank != 2 || !L || L->parent != b)
    return NULL;
  for (int j = 0; j < L->nin; j++)
    if (!trip_math(b, L->in[j], 0) || !carried_ok(b, y, L->in[j], 0))
      return NULL;
  return L;
}

/* operand o of dot d is a load of the trip (or tl.trans of one) that does not stream */
static bool unstreamed_load(Kernel *k, Block *b, Op *y, Op *d, int o) {
  Op *L = ir_load_of(d->in[o]);
  return L && !invariant(b, L->out[0]) && !streamed(k, b, y, d, o);
}

static Value *scalar_op(Kernel *k, Block *b, int *pos, OpKind kind, Loc loc, DType t, Value *x, Value *y) {
  Value *in[2] = {x, y};
  Op *op = ir_op_at(b, (*pos)++, kind, loc, 2, in);
  return ir_result(k, op, t, (Shape){0, {0}});
}

static Value **grow(Value **v, int n, Value *x) {
  Value **r = arena_alloc(sizeof(Value *) * (size_t)(n + 1));
  memcpy(r, v, sizeof(Value *) * (size_t)n);
  r[n] = x;
  return r;
}

/* Prefetches the operand loads of the loop's dots D = num_stages - 1 trips ahead; true if
 * done. The loads of trips lo .. lo + (D - 1) * st go before the loop (trip t's loads in the
 * order of the body: the order the target groups its copies in); each becomes D carried tiles
 * a_0 .. a_{D-1} (a_0 is this trip's, the dot's), the body yields a_1 .. a_{D-1} and the load
 * of trip k0 + D * st. */
static bool prefetch_loop(Kernel *k, Block *parent, int *at, Op *loop, int D) {
  Block *b = loop->reg[0];
  Op *y = ir_yield(b);
  if (loop->flags != 1 || !y || y->nin != loop->nout || b->nargs != loop->nout + 1)
    return false;
  enum { MAXL = 8 };
  Op *loads[MAXL];
  int n = 0;
  for (int i = 0; i < b->nops; i++) {
    if (b->ops[i]->k != O_DOT)
      continue;
    /* a tf32, fp8 or int8 dot streams an operand only if the other is not a load of the trip that
     * cannot stream (a B loaded and transposed to K-major through registers beside an A that
     * streams runs slower than both staged, docs/decisions.md); the other may stream, come from
     * outside the loop (staged once) or be computed (attention's p) */
    Op *d = b->ops[i];
    if (cu_dot_wide_mma(d) && (unstreamed_load(k, b, y, d, 0) || unstreamed_load(k, b, y, d, 1)))
      continue;
    for (int o = 0; o < 2 && n < MAXL; o++) {
      Op *L = streamed(k, b, y, b->ops[i], o);
      bool dup = false;
      for (int j = 0; j < n; j++)
        dup |= loads[j] == L;
      if (L && !dup)
        loads[n++] = L;
    }
  }
  if (!n)
    return false;
  Loc loc = loop->loc;
  Value *lo = loop->in[0], *hi = loop->in[1], *st = loop->in[2], *iv = b->args[0];
  int nid = k->next_value_id + 1;
  /* before the loop: trips 0 .. D - 1, each when there is such a trip; trip t's carried values
   * are what trip t - 1 yields */
  Value **first = arena_alloc(sizeof(Value *) * (size_t)(n * D)), *nxt[MAXL];
  Ctx *pre = NULL;
  Value *ivt = lo;
  for (int t = 0; t < D; t++) {
    Ctx *c = arena_alloc(sizeof *c);
    if (t)
      ivt = scalar_op(k, parent, at, O_ADD, loc, iv->dt, ivt, st);
    *c = (Ctx){k, b, parent, at, ivt, t ? NULL : loop->in + 3, pre, arena_alloc(sizeof(Value *) * (size_t)nid), nid};
    Value *go = scalar_op(k, parent, at, O_LT, loc, DT_I1, ivt, hi);
    for (int i = 0; i < n; i++)
      first[t * n + i] = clone_load(c, loads[i], go);
    pre = c;
  }
  /* at the end of the body (after the dots: a target whose tensor cores run asynchronously
   * reuses the buffers of the trip before once its own dots are issued): trip k0 + D * st's */
  int pos = ir_find_op(b, y, 0, b->nops);
  Ctx *same = arena_alloc(sizeof *same);
  *same = (Ctx){k, b, b, &pos, iv, b->args + 1, NULL, arena_alloc(sizeof(Value *) * (size_t)nid), nid};
  Value *ivn = iv;
  for (int t = 1; t <= D; t++) {
    Ctx *c = arena_alloc(sizeof *c);
    ivn = scalar_op(k, b, &pos, O_ADD, loc, iv->dt, ivn, st);
    *c = (Ctx){k, b, b, &pos, ivn, NULL, same, arena_alloc(sizeof(Value *) * (size_t)nid), nid};
    same = c;
  }
  Value *go = scalar_op(k, b, &pos, O_LT, loc, DT_I1, ivn, hi);
  for (int i = 0; i < n; i++)
    nxt[i] = clone_load(same, loads[i], go);
  /* the loaded tiles become carried values: a_t starts as trip t's, a_{t+1} is yielded as a_t */
  for (int i = 0; i < n; i++) {
    Value *old = loads[i]->out[0];
    int base = b->nargs;
    for (int t = 0; t < D; t++) {
      Value *a = ir_value(k, old->dt, old->sh);
      a->elt = old->elt;
      a->name = old->name;
      if (!t)
        ir_replace_uses(b, 0, old, a);
      loop->in = grow(loop->in, loop->nin++, first[t * n + i]);
      b->args = grow(b->args, b->nargs++, a);
      Value *fin = ir_value(k, old->dt, old->sh);
      fin->elt = old->elt;
      fin->def = loop;
      loop->out = grow(loop->out, loop->nout++, fin);
    }
    for (int t = 1; t < D; t++)
      y->in = grow(y->in, y->nin++, b->args[base + t]);
    y->in = grow(y->in, y->nin++, nxt[i]);
  }
  return true;
}

static void visit(Kernel *k, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      visit(k, op->reg[r]);
    if (op->k == O_FOR && prefetch_loop(k, b, &i, op, k->num_stages - 1))
      i = ir_find_op(b, op, 0, b->nops);
  }
}

bool cu_prefetch(Kernel *k) {
  if (k->num_stages < 2)
    return false; /* -ns 1: no operand is loaded ahead */
  ir_count_uses(k);
  pass_axis(k); /* the vector width of a load decides whether it streams */
  visit(k, k->body);
  pass_fold(k); /* the original loads and their address math are dead now */
  return true;
}
