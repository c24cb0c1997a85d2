/* dot.c — tl.dot on the CUDA target.
 *
 * acc = tl.dot(a, b, acc), a [M, K] x b [K, N] (or batched [B, M, K] x [B, K, N]), in one of
 * two forms.
 *
 * Tensor cores (2-D fp16 or bf16 operands with an fp32 accumulator, fp32 operands at tf32
 * precision (Triton's default on the GPU), int8 operands with an int32 accumulator, as
 * Triton's mma v2 path on sm_80+; e4m3 / e5m2 fp8 operands with an fp32 accumulator, which
 * cu_fp8_operands gives the dot in place of their fp16 conversions): the result lives in mma.sync's accumulator layout
 * (layout.c, lay_mma) instead of its shape's canonical one, and so does a loop-carried accumulator that receives it
 * (plan.c decides the layouts, rings and operand staging; this file prints them), so `acc = tl.dot(a, b, acc)` in a K loop never moves acc; it is copied to
 * another layout through shared memory only where a consumer needs one (the epilogue). The
 * operands go to shared memory in swizzled 16-byte chunks, each warp reads its fragments with
 * ldmatrix and runs mma.sync on its part of the result (runtime section mma): m16n8k16 for
 * 16-bit operands, m16n8k8 for tf32, m16n8k32 for 8-bit integers and fp8 (fp8 before sm_89:
 * two fp16 m16n8k16 of the converted fragments, tc_mma_f8_f16). All read 32 bytes of K
 * per step in the same fragment pattern, so one layout of shared memory serves them (mma_units):
 * rows of 16-bit units; B is kept K-major ([N, K]) unless its elements are 16-bit (ldmatrix
 * transposes those on the way, not 32- or 8-bit ones) or it is an fp32, int8 or fp8 tile that
 * streams (kept [K, N], its fragments read by 32-bit loads: B32_PAD, b8_at). On sm_90a, dots of
 * whole warpgroups run on wgmma instead (fp16/bf16, and tf32 or fp8 when B is tl.trans of a
 * tile, as wgmma reads those K-major only: wgmma_block), reading the same operands from 128-byte swizzle atoms. A 16-bit A that is
 * another dot's accumulator over the same warps is read from registers (reg_a). A 16-bit operand
 * x.to(fp16 or bf16) of an 8-bit integer tile x (int8 weights) streams x through the ring as it is
 * loaded, and the dot converts it from there into its own operand buffer (stage_conv).
 *
 * Plain form (every other dtype pair and shape): both operands go to shared memory in
 * row-major order, then every thread computes the result elements it holds in the result's
 * canonical layout, one multiply-add per k, accumulating in the result's type (fp32 for
 * fp16/bf16/fp32 operands, int32 for int8; an fp16 out_dtype sums in fp32 and rounds once, as
 * the C target does).
 *
 * fp32 operands with input_precision "ieee", "tf32x3", "bf16x3" or "bf16x6" take the plain form:
 * it multiplies the full fp32 values, at least as precise as what those ask for. */
#include "cuda.h"

#include <stdlib.h>
#include <string.h>

/* the type an operand is kept in shared memory: fp16/bf16 as themselves (half the bytes of
 * their float registers), everything else as its register type */
static const char *smem_type(Value *v) {
  if (v->dt == DT_F16)
    return "__half";
  if (v->dt == DT_BF16)
    return "__nv_bfloat16";
  return cu_type(v->dt, v->elt);
}

static long long smem_bytes(Value *v) { return shape_numel(v->sh) * ((dt_bits(v->dt) + 7) / 8); }

/* one multiply-add step of the accumulator r in r's type */
static const char *madd(CE *E, DType t, const char *x, const char *y, const char *r) {
  switch (t) {
  case DT_F64: return fmt("fma(%s, %s, %s)", x, y, r);
  case DT_F32: return fmt("fmaf((float)%s, (float)%s, %s)", x, y, r);
  case DT_F16: case DT_BF16: /* summed in fp32, rounded once after the loop (cu_emit_dot) */
    (void)E;
    return fmt("fmaf((float)%s, (float)%s, %s)", x, y, r);
  default:
    return fmt("(%s)(%s + (%s)%s * (%s)%s)", dtype_info[t].ctype, r, dtype_info[t].ctype, x,
               dtype_info[t].ctype, y);
  }
}

/* v read in its own layout, with any layout change it needs (through tc_smem) done now, before
 * tc_smem holds an operand: the later reads find the converted copy */
static void settle(CE *E, Value *v, Lay L) {
  Ix c = ix_canon(L);
  Vec keep = E->pulled;
  E->pulled = (Vec){0};
  (void)cu_access(E, v, &c);
  E->pulled = keep;
}

/* ---- the tensor-core form ---- */

/* e4m3 (fp8e4nv) and e5m2 (fp8e5) operands, in either pairing (cu_fp8_operands gives the dot
 * its fp8 tiles): "A's_B's", as the runtime's tc_mma_ helpers are named */
static const char *fp8_kind(Op *op) {
  Value *a = op->in[0], *b = op->in[1], *r = op->out[0];
  bool ea = a->dt == DT_F8E4NV, eb = b->dt == DT_F8E4NV;
  if (r->sh.rank != 2 || r->dt != DT_F32 || !(ea || a->dt == DT_F8E5) || !(eb || b->dt == DT_F8E5))
    return NULL;
  return fmt("%s_%s", ea ? "e4m3" : "e5m2", eb ? "e4m3" : "e5m2");
}

/* The operand type of op's tensor-core form as mma.sync names it (f16, bf16, tf32, s8, or for
 * fp8 the pair e4m3_e4m3 ...), or NULL when op needs the plain form. */
const char *cu_mma_kind(Op *op) {
  Value *a = op->in[0], *b = op->in[1], *r = op->out[0];
  if (dt_is_fp8(a->dt))
    return fp8_kind(op);
  if (r->sh.rank != 2 || a->dt != b->dt)
    return NULL;
  if (r->dt == DT_F32 && (a->dt == DT_F16 || a->dt == DT_BF16))
    return a->dt == DT_F16 ? "f16" : "bf16";
  if (r->dt == DT_F32 && a->dt == DT_F32 && op->str && !strcmp(op->str, "tf32"))
    return "tf32";
  if (r->dt == DT_I32 && a->dt == DT_I8) /* the only integer dot sema allows, as Triton */
    return "s8";
  return NULL;
}

bool cu_mma_shape(const Op *op, int bytes, int warps) {
  const Value *a = op->in[0], *r = op->out[0];
  if (r->sh.rank != 2)
    return false;
  int M = r->sh.d[0], N = r->sh.d[1], K = a->sh.d[1];
  return !(M % 16 || N % 16 || (K * bytes) % 32 || (M / 16) * (N / 16) < warps);
}

/* bytes of one element of the operands of a tensor-core dot */
int cu_mma_bytes(Op *op) { return dt_bits(op->in[0]->dt) / 8; }

/* the shape of operand `operand` of a tensor-core dot in shared memory, in 16-bit units: rows
 * of K * bytes / 2 units (A [M, K]; B K-major [N, K] when its elements are not 16-bit) */
static Shape mma_units(Op *dot, int operand) {
  Value *a = dot->in[0], *r = dot->out[0];
  int K = a->sh.d[1], rows = operand ? r->sh.d[1] : r->sh.d[0];
  return (Shape){2, {rows, K * cu_mma_bytes(dot) / 2}};
}

/* ---- operands that go from global memory straight to shared memory ---- */

/* A streamed B operand of a tf32 or int8 dot stays [K, N] as it comes (cp.async cannot
 * transpose, nor ldmatrix split 32-bit or 8-bit elements), and its fragments are read from it
 * with 32-bit loads. fp32: rows of N + B32_PAD floats, so a fragment read (rows k + t, columns
 * n + g of the warp's lane 4g + t) falls in 32 different banks. int8: rows of N bytes whose
 * 16-byte chunks are swizzled by row / 4 (b8_at), so the words of rows k + 4t + i a fragment
 * read takes (four rows per register, one byte of each) fall in different banks. */
#define B32_PAD 8

/* the byte of element (r, c) of a streamed int8 B tile [K, N] in its buffer */
static const char *b8_at(const char *r, const char *c, int N) {
  int S = (N / 16 < 8 ? N / 16 : 8) - 1;
  return fmt("(%s) * %d + ((((%s) >> 4) ^ (((%s) >> 2) & %d)) << 4) + ((%s) & 15)", r, N, c, r, S, c);
}

/* bytes of operand o of a tensor-core dot in shared memory (B of a tf32 dot: streamed or not) */
long long cu_operand_bytes(Op *dot, int o, bool nmajor) {
  Value *v = dot->in[o];
  if (o == 1 && nmajor && cu_mma_bytes(dot) == 4)
    return (long long)v->sh.d[0] * (v->sh.d[1] + B32_PAD) * 4;
  return shape_numel(v->sh) * cu_mma_bytes(dot);
}

long long cu_tile_bytes(Op *dot, int o, bool nmajor) { return (cu_operand_bytes(dot, o, nmajor) + 1023) & ~1023LL; }

static RingState *ring_state(CE *E, Ring *r) { return &E->ring_at[r->id]; }

/* where operand o of a pipelined dot is in the ring's stage `slot` (an expression) */
static const char *ring_buf(CE *E, Pipe *p, const char *slot) {
  const char *base = ring_state(E, p->r)->base;
  if (p->pin)
    return fmt("((uint16_t *)(tc_smem + %s + %lld))", base, p->r->stride * (p->r->D + 1) + p->off);
  char *end;
  long long k = strtoll(slot, &end, 10);
  if (*slot && !*end) /* a stage known here (the copies before the loop): its offset, then the tile's */
    return fmt("((uint16_t *)(tc_smem + %s%s%s))", base, k ? fmt(" + %lld", k * p->r->stride) : "",
               p->off ? fmt(" + %lld", p->off) : "");
  return fmt("((uint16_t *)(tc_smem + %s + %s * %lld%s))", base, slot, p->r->stride, p->off ? fmt(" + %lld", p->off) : "");
}

/* before the loop of a ring whose wgmma does not wait for its own group (defer_wait): the
 * accumulator it carries, each register its own value (zeros are otherwise copies of one
 * register, and ptxas serializes the wgmma groups that read it, C7514) */
void cu_ring_start(CE *E, Op *loop) {
  Ring *r = cu_oplan(loop)->ring;
  if (r && r->inflight && r->wait_after)
    cu_loop(E, lay_val(E, r->inflight).E,
            fmt("tc_reg_fence(%s[e]); /* its own register, before the loop */", cu_name(E, r->inflight)));
}

/* after the loop of a ring: its region goes above what the kernel used while it was live */
void cu_ring_end(CE *E, Op *loop) {
  Ring *r = cu_oplan(loop)->ring;
  if (r && ring_state(E, r)->base) {
    const char *base_name = ring_state(E, r)->base;
    long long hw = E->win[--E->nwin];
    long long base = (hw + 1023) & ~1023LL;
    vec_push(&E->ring_defs, xstrdup(fmt("#define %s %lld /* the ring of the loop at line %d: above the "
                                        "%lld bytes used while it is live */\n", base_name, base, loop->loc.line, hw)));
    cu_smem_need(E, base + r->stride * (r->D + 1) + r->pinned);
    if (r->inflight) { /* the last trip's wgmma group (defer_wait), after the loop: a wait in the
                        * loop's last trip, where ptxas cannot tell the last trip from the others,
                        * made it wait at every trip (C7517) */
      if (r->wait_after) {
        cline(E, "#if defined(__CUDA_ARCH_FEAT_SM90_ALL)");
        cline(E, "tc_wgmma_wait0(); /* the last trip's products */");
        cline(E, "#endif");
      }
      cu_loop(E, lay_val(E, r->inflight).E,
              fmt("tc_reg_fence(%s[e]); /* read only after the last trip's wait */", cu_name(E, r->inflight)));
    }
  }
}

/* operand o of dot is read from its ring (not converted from it into the dot's own buffer) */
static Pipe *ring_tile(Op *dot, int o) {
  Pipe *p = cu_oplan(dot)->pipe[o];
  return p && !p->conv ? p : NULL;
}

/* the dot runs on wgmma (sm_90a), its result in wgmma's layout */
static bool wg_dot(Op *dot) { return cu_vplan(dot->out[0])->lay && cu_vplan(dot->out[0])->lay->wg; }

/* where the tensor-core form keeps the operands it stages: a at tc_smem, b at tc_smem + *boff
 (the shared memory it needs); operands in a ring are in the ring's region */
/* bytes of one buffer of operand o staged by the dot itself, in whole units of al */
static long long own_bytes(Op *dot, int o, long long al) {
  return (cu_operand_bytes(dot, o, o && cu_oplan(dot)->wide_nmajor) + al - 1) & ~(al - 1);
}

/* operand o is converted from the ring into two buffers taken in turn (Ring.halves) */
static bool halved(Op *dot, int o) {
  Pipe *p = cu_oplan(dot)->pipe[o];
  return p && p->conv && p->r->halves;
}

static void mma_smem(CE *E, Op *dot, long long *boff) {
  long long al = wg_dot(dot) ? 1024 : 128; /* wgmma: whole swizzle atoms, as addresses */
  if (al > E->smem_align)
    E->smem_align = (int)al;
  bool sa = !ring_tile(dot, 0) && !cu_oplan(dot)->pin[0], sb = !ring_tile(dot, 1) && !cu_oplan(dot)->pin[1];
  *boff = own_bytes(dot, 0, al) * (halved(dot, 0) ? 2 : 1);
  if (!sa && halved(dot, 1)) /* A has no buffer here: B's two start at 0 */
    *boff = 0;
  if (sa || sb) /* what the dot stages itself */
    cu_smem_need(E, *boff + (sb ? own_bytes(dot, 1, al) * (halved(dot, 1) ? 2 : 1) : 0));
}

/* where element (r, c) of an operand of shape s lies in its buffer: tc_swz's layout for
 * mma.sync, tc_sw128's (wgmma's 128-byte swizzle atoms) for a wgmma dot */
static const char *operand_at(Op *dot, const char *buf, const char *r, const char *c, Shape s) {
  if (wg_dot(dot) && s.d[1] == 32) /* rows of 64 bytes: 64-byte swizzle atoms */
    return fmt("%s[tc_sw64(%s, %s, %d)]", buf, r, c, s.d[0]);
  if (wg_dot(dot))
    return fmt("%s[tc_sw128(%s, %s, %d)]", buf, r, c, s.d[0]);
  return fmt("%s[tc_swz(%s, %s, %d)]", buf, r, c, s.d[1] / 8);
}

/* the buffer where a dot stages operand 0 (at tc_smem) or 1 (at tc_smem + boff) itself */
static const char *operand_buf(long long boff, int operand) {
  return operand ? fmt("((uint16_t *)(tc_smem + %lld))", boff) : "((uint16_t *)tc_smem)";
}

static void stage(CE *E, Op *dot, int operand, const char *buf);

// a = tl.load(p, mask, other=0.0) for tl.dot(a, b): each 16-byte chunk to its swizzled place
void cu_emit_async_load(CE *E, Op *op) {
  Op *dot = cu_vplan(op->out[0])->stream_dot;
  Value *v = op->out[0];
  long long boff;
  mma_smem(E, dot, &boff);
  int t = cu_oplan(op)->trip;
  Pipe *p = cu_oplan(op)->copy;
  int operand = dot->in[0] == v ? 0 : 1;
  const char *buf = operand_buf(boff, operand);
  if (p) {
    Ring *r = p->r;
    RingState *rs = ring_state(E, r);
    operand = p->operand;
    if (t == 0 && !rs->stage) { /* the ring's first copy: its window opens */
      rs->stage = cu_unique(E, fmt("ring%d_stage", r->id));
      rs->base = fmt("%s_RING%d", E->k->name, r->id);
      cline(E, "int %s = 0; /* the stage (of %d) of ring %d the dots read; the others fill */", rs->stage, r->D + 1,
            r->id);
      if (r->halves) {
        rs->half = cu_unique(E, fmt("ring%d_half", r->id));
        cline(E, "int %s = 0; /* which of its two buffers the dot converts into this trip */", rs->half);
      }
      for (int i = 0; i < r->pins.n; i++) { /* the operands the same every trip, once */
        Pipe *q = r->pins.v[i];
        Value *x = q->dot->in[q->operand];
        bool tr;
        Lay Ls;
        settle(E, cu_stage_src(E, x, &tr, &Ls), Ls);
        cline(E, "/* %s, the same every trip of the loop: to shared memory once */", cu_name(E, x));
        stage(E, q->dot, q->operand, ring_buf(E, q, NULL));
      }
      E->win[E->nwin++] = 0;
    }
    buf = ring_buf(E, p, t >= 0 ? fmt("%d", t) : fmt("((%s + %d) %% %d)", rs->stage, r->D, r->D + 1));
  }
  Lay L = lay_of(E, v->sh);
  Ix ix = ix_canon(L);
  const char *m = op->nin > 1 ? cu_operand(E, op, 1, &ix) : "true";
  const char *addr = cu_address(E, op->in[0], &ix);
  const char *r0 = ix_coord(&ix, 0), *c0 = ix_coord(&ix, 1), *at;
  int step = 8; /* elements of a 16-byte chunk */
  if (p && p->conv) { /* an 8-bit integer tile the dot converts: row-major bytes, as loaded */
    step = 16;
    at = fmt("((unsigned char *)%s)[(%s) * %d + (%s)]", buf, r0, (int)v->sh.d[1], c0);
  } else if (cu_mma_bytes(dot) == 4) { /* tf32: A in mma_units's rows, B [K, N] in padded rows */
    step = 4;
    at = operand && !cu_oplan(dot)->kmajor_b ? fmt("%s[((%s) * %d + (%s)) * 2]", buf, r0, v->sh.d[1] + B32_PAD, c0)
                                      : operand_at(dot, buf, r0, fmt("2 * (%s)", c0), mma_units(dot, operand));
  } else if (cu_mma_bytes(dot) == 1) { /* int8, fp8: A in mma_units's rows, B [K, N] in swizzled rows */
    step = 16;
    at = operand && !cu_oplan(dot)->kmajor_b ? fmt("%s[(%s) / 2]", buf, b8_at(r0, c0, v->sh.d[1]))
                                      : operand_at(dot, buf, r0, fmt("(%s) / 2", c0), mma_units(dot, operand));
  } else {
    at = operand_at(dot, buf, r0, c0, v->sh);
  }
  cline(E, "/* %s: straight to shared memory for the tensor cores (cp.async, zeros where masked) */",
        cu_name(E, v));
  cu_once_open(E, L);
  cu_loop_step(E, L.E, step, fmt("tc_cp16(&%s, %s, %s);", at, addr, m));
  cu_once_close(E, L);
  RingState *rs = p ? ring_state(E, p->r) : NULL;
  if (p && ++rs->issued == p->r->npipes) { /* every tile of a trip: one group */
    rs->issued = 0;
    cline(E, "tc_cp_commit();");
    if (t < 0) { /* the trip's last copies (after its dots): the next trip reads the next stage */
      cline(E, "%s = (%s + 1) %% %d;", rs->stage, rs->stage, p->r->D + 1);
      if (rs->half)
        cline(E, "%s ^= 1;", rs->half);
      rs->seen = 0;
    }
  }
}

/* an operand of 32- or 8-bit elements to its place in mma_units's layout, element by element:
 * A (i, k) at row i, B (k, n) at row n (K-major), each element at its bytes in the row */
static void stage_wide(CE *E, Op *dot, int operand, const char *buf) {
  Value *v = dot->in[operand];
  bool tr;
  Lay L;
  Value *src = cu_stage_src(E, v, &tr, &L);
  Ix c = ix_canon(L);
  const char *x = cu_access(E, src, &c);
  bool swap = operand ? !tr : tr; /* src's coordinates (c0, c1) are the row's (c1, c0) */
  const char *row = ix_coord(&c, swap ? 1 : 0), *col = ix_coord(&c, swap ? 0 : 1);
  const char *at = cu_mma_bytes(dot) == 4
                       ? fmt("*(float *)&%s", operand_at(dot, buf, row, fmt("2 * (%s)", col), mma_units(dot, operand)))
                       : fmt("((unsigned char *)&%s)[(%s) & 1]",
                             operand_at(dot, buf, row, fmt("(%s) >> 1", col), mma_units(dot, operand)), col);
  cu_once_open(E, L);
  cu_loop(E, L.E, fmt("%s = (%s)%s;", at, cu_mma_bytes(dot) == 4 ? "float" : "unsigned char", x));
  cu_once_close(E, L);
}

/* operand x.to(fp16 or bf16) of a pipe whose ring holds x, 8-bit integers (Pipe.conv): each
 * thread reads the 16-byte chunks of x it copied itself (the canonical layout of both, so the
 * wait for its own copies is enough), converts them exactly (tc_i8x16_f16 / _bf16) and stores
 * the two 16-byte chunks of the operand to their places in buf, as stage() would */
static void stage_conv(CE *E, Pipe *p, const char *src, const char *buf) {
  Value *v = p->conv, *x = v->def->in[0];
  Lay L = lay_of(E, x->sh);
  Ix c = ix_canon(L);
  const char *r = ix_coord(&c, 0), *col = ix_coord(&c, 1);
  const char *at0 = operand_at(p->dot, buf, r, col, x->sh), *at1 = operand_at(p->dot, buf, r, fmt("%s + 8", col), x->sh);
  cline(E, "/* %s: ring %d's %s tile as %s, to shared memory in swizzled 16-byte chunks */", cu_name(E, v), p->r->id,
        dtype_info[x->dt].name, dtype_info[v->dt].name);
  cu_once_open(E, L);
  cu_loop_step(E, L.E, 16,
               fmt("tc_i8x16_%s(&((const unsigned char *)%s)[(%s) * %d + (%s)], &%s, &%s, %s);",
                   v->dt == DT_F16 ? "f16" : "bf16", src, r, (int)x->sh.d[1], col, at0, at1,
                   x->dt == DT_I8 ? "true" : "false"));
  cu_once_close(E, L);
}

static void stage(CE *E, Op *dot, int operand, const char *buf) {
  if (cu_mma_bytes(dot) != 2) {
    stage_wide(E, dot, operand, buf);
    return;
  }
  Value *v = dot->in[operand];
  bool tr;
  Lay L;
  Value *src = cu_stage_src(E, v, &tr, &L);
  Ix c = ix_canon(L);
  const char *x = cu_access(E, src, &c);
  if (tr && operand == 1 && cu_oplan(dot)->kmajor_b) /* k as it is: the tensor cores read it K-major */
    tr = false, v = src;
  const char *at = operand_at(dot, buf, ix_coord(&c, tr ? 1 : 0), ix_coord(&c, tr ? 0 : 1), v->sh);
  const char *arr = tr ? NULL : cu_access_array(E, src, &c); /* x is arr[e] */
  bool reg = arr != NULL;
  cu_once_open(E, L);
  if (reg && L.mapped) { /* e, e + 1: columns c, c + 1 of one row, converted as a pair */
    if (cu_vplan(src)->packed) { /* p.to(fp16): the fp32 values, rounded once */
      x = cu_access(E, src->def->in[0], &c);
      arr = cu_access_array(E, src->def->in[0], &c);
    }
    const char *x1 = cu_lane(arr, "1", L.E, 2);
    bool h = v->dt == DT_F16;
    cu_loop_step(E, L.E, 2, fmt("*(uint32_t *)&%s = tc_pack2_%s(%s, %s);", at, h ? "f16" : "bf16", x, x1));
  } else if (reg && L.V % 8 == 0) {
    cu_loop_step(E, L.E, 8, fmt("tc_pack<8, uint16_t> tc_v;\n#pragma unroll\nfor (int k = 0; k < 8; ++k)\n"
                                "  tc_v.a[k] = %s;\ntc_stv(&%s, tc_v);",
                                cu_store_val(v->dt, cu_lane(arr, "k", L.E, 8)), at));
  } else {
    cu_loop(E, L.E, fmt("%s = %s;", at, cu_store_val(v->dt, x)));
  }
  cu_once_close(E, L);
}

/* An index term "v * m + " of a tile loop's variable, and the variable as an index: nothing
 * and 0 where the loop has one trip (its body is then printed without it) */
static const char *term(const char *v, bool one, long long m) { return one ? "" : fmt("%s * %lld + ", v, m); }
static const char *var(const char *v, bool one) { return one ? "0" : v; }

/* mma.sync over the warp's part of the result, fragments read with ldmatrix: the warp's
 * 16x8 tiles are consecutive rows and columns (lay_mma), or for the wgmma layout (the sm_90a
 * path's fallback) 16-row tiles 64 rows apart in the warpgroup's part */
static void mma_sync_block(CE *E, Op *op, Lay L, const char *as, const char *bs, const char *name, const char *ra) {
  Value *r = op->out[0];
  Shape ua = mma_units(op, 0), ub = mma_units(op, 1); /* K in 16-bit units: 16 per step */
  int M = r->sh.d[0], N = r->sh.d[1], KU = ua.d[1];
  int MW = M / L.wm, NW = N / L.wn, step = L.wg ? 64 : 16, MT = MW / step, NT = NW / 8;
  const char *kind = cu_mma_kind(op);
  bool wide = cu_mma_bytes(op) != 2;
  if (L.wg) {
    cline(E, "{ /* warpgroup (tid / 128) computes rows %d * (group / %d) + [0, %d) and columns %d * (group %% %d) "
             "+ [0, %d); its warp w rows 16 * w + 64 * i + [0, 16), in %dx%d tiles of 16x8 */",
          MW, L.wn, MW, NW, L.wn, NW, MT, NT);
    E->ind++;
    cline(E, "const int tc_lane = tid & 31, %stc_col = tid / 128 %% %d * %d;",
          ra ? "" : fmt("tc_row = tid / 32 %% 4 * 16 + tid / 128 / %d * %d, ", L.wn, MW), L.wn, NW);
  } else {
    cline(E, "{ /* warp (tid / 32) computes rows %d * (warp / %d) + [0, %d) and columns %d * (warp %% %d) "
             "+ [0, %d) in %dx%d tiles of 16x8 */", MW, L.wn, MW, NW, L.wn, NW, MT, NT);
    E->ind++;
    cline(E, "const int tc_lane = tid & 31, %stc_col = tid / 32 %% %d * %d;",
          ra ? "" : fmt("tc_row = tid / 32 / %d * %d, ", L.wn, MW), L.wn, NW);
  }
  cline(E, "#pragma unroll");
  if (wide)
    cline(E, "for (int tc_k = 0; tc_k < %d; tc_k += 16) { /* 16-bit units: %d %s elements of K per step */", KU,
          32 / cu_mma_bytes(op), kind);
  else
    cline(E, "for (int tc_k = 0; tc_k < %d; tc_k += 16) {", KU);
  E->ind++;
  cline(E, "unsigned tc_fa[%d][4], tc_fb[%d][2];", MT, NT);
  bool oi = MT == 1, oj = NT == 2; /* one row tile; one pair of column tiles */
  const char *pi = oi ? "" : "  ";
  if (!oi) {
    cline(E, "#pragma unroll");
    cline(E, "for (int tc_i = 0; tc_i < %d; ++tc_i)", MT);
  }
  if (ra) /* A's fragments are the thread's own accumulator elements of tiles 2s, 2s + 1 */
    cline(E, "%stc_a_regs_%s(tc_fa[%s], &%s[%stc_k / 2]);", pi, kind, var("tc_i", oi), ra, term("tc_i", oi, KU / 2));
  else
    cline(E, "%stc_ldsm_x4(tc_fa[%s], &%s);", pi, var("tc_i", oi),
          operand_at(op, as, fmt("tc_row + %s(tc_lane & 15)", term("tc_i", oi, step)), "tc_k + (tc_lane >> 4) * 8", ua));
  if (oj) {
    cline(E, "{");
  } else {
    cline(E, "#pragma unroll");
    cline(E, "for (int tc_j = 0; tc_j < %d; tc_j += 2) {", NT);
  }
  const char *j = var("tc_j", oj), *j1 = oj ? "1" : "tc_j + 1", *jt = oj ? "" : "tc_j + ";
  cline(E, "  unsigned tc_t[4];");
  if (cu_oplan(op)->wide_nmajor && cu_mma_bytes(op) == 1) {
    /* B [K, N] int8: b0 = rows k + 4t + [0, 4) of column n + g, b1 the same 16 rows on; each
     * row's byte from the word that holds it, four bytes packed by byte permutes */
    cline(E, "  const unsigned char *tc_b8 = (const unsigned char *)%s;", bs);
    cline(E, "  const int tc_sel = (tc_lane >> 2 & 3) * 0x11 + 0x40; /* byte g %% 4 of x, then of y */");
    cline(E, "  #pragma unroll");
    cline(E, "  for (int tc_h = 0; tc_h < 4; ++tc_h) { /* tc_t[tc_h]: tile %stc_h / 2, b(tc_h %% 2) */", jt);
    cline(E, "    const int tc_n = tc_col + (%stc_h / 2) * 8 + (tc_lane >> 2 & 4);", jt);
    cline(E, "    unsigned tc_w[4];");
    cline(E, "    #pragma unroll");
    cline(E, "    for (int tc_i = 0; tc_i < 4; ++tc_i) {");
    cline(E, "      const int tc_r = tc_k * 2 + tc_h %% 2 * 16 + (tc_lane & 3) * 4 + tc_i;");
    cline(E, "      tc_w[tc_i] = *(const unsigned *)(tc_b8 + %s);", b8_at("tc_r", "tc_n", N));
    cline(E, "    }");
    cline(E, "    tc_t[tc_h] = __byte_perm(__byte_perm(tc_w[0], tc_w[1], tc_sel), __byte_perm(tc_w[2], tc_w[3], tc_sel), 0x5410);");
    cline(E, "  }");
  } else if (cu_oplan(op)->wide_nmajor) { /* B [K, N] fp32, rows of N + pad: b0 = (k + t, n + g), b1 = (k + t + 4, n + g) */
    int pitch = N + B32_PAD;
    cline(E, "  const unsigned *tc_b32 = (const unsigned *)%s + (tc_k / 2 + (tc_lane & 3)) * %d + tc_col + %s"
             "(tc_lane >> 2);", bs, pitch, term("tc_j", oj, 8));
    cline(E, "  tc_t[0] = tc_b32[0], tc_t[1] = tc_b32[%d], tc_t[2] = tc_b32[8], tc_t[3] = tc_b32[%d];", 4 * pitch,
          4 * pitch + 8);
  } else if (wide || cu_oplan(op)->kmajor_b) /* B [N, K]: matrices (n, k), (n, k + 8), (n + 8, k), (n + 8, k + 8) */
    cline(E, "  tc_ldsm_x4(tc_t, &%s);",
          operand_at(op, bs, fmt("tc_col + %s(tc_lane & 7) + (tc_lane >> 4) * 8", term("tc_j", oj, 8)),
                     "tc_k + ((tc_lane >> 3) & 1) * 8", ub));
  else
    cline(E, "  tc_ldsm_x4_trans(tc_t, &%s);",
          operand_at(op, bs, "tc_k + (tc_lane & 15)", fmt("tc_col + %s(tc_lane >> 4) * 8", term("tc_j", oj, 8)),
                     op->in[1]->sh));
  cline(E, "  tc_fb[%s][0] = tc_t[0], tc_fb[%s][1] = tc_t[1], tc_fb[%s][0] = tc_t[2], tc_fb[%s][1] = tc_t[3];", j, j, j1, j1);
  cline(E, "}");
  if (!oi) {
    cline(E, "#pragma unroll");
    cline(E, "for (int tc_i = 0; tc_i < %d; ++tc_i)", MT);
  }
  cline(E, "%s#pragma unroll", pi);
  cline(E, "%sfor (int tc_j = 0; tc_j < %d; ++tc_j)", pi, NT);
  cline(E, "%s  tc_mma_%s(&%s[%s], tc_fa[%s], tc_fb[tc_j][0], tc_fb[tc_j][1]);", pi, kind, name,
        oi ? "tc_j * 4" : fmt("(tc_i * %d + tc_j) * 4", NT), var("tc_i", oi));
  E->ind--;
  cline(E, "}");
  E->ind--;
  cline(E, "}");
}

/* the definition of tc_wgmma_<t>_n<N>: one wgmma.mma_async m64nNk16 accumulating into d[0, N/2)
 * with A and B read from shared memory through their descriptors (B N-major: transposed), or
 * (_ra) A from four registers a[0, 4) of packed 16-bit pairs, the fragment layout of mma.sync;
 * k8 for tf32, k32 for fp8 (t = "e4m3_e5m2": A's type, then B's), both operands K-major */
static const char *wgmma_helper(CE *E, const char *t, int n, bool kmajor, bool ra) {
  const char *fn = fmt("tc_wgmma_%s_n%d%s%s", t, n, kmajor ? "_kb" : "", ra ? "_ra" : "");
  for (int i = 0; i < E->wg_helpers.n; i++)
    if (strstr(E->wg_helpers.v[i], fmt("%s(", fn)))
      return fn;
  Buf b = {0};
  int na = ra ? 4 : 1; /* A's operands */
  buf_printf(&b, "static __device__ __forceinline__ void %s(float *d, %s, uint64_t b) {\n", fn,
             ra ? "const uint32_t *a" : "uint64_t a");
  buf_printf(&b, "  asm volatile(\"{\\n.reg .pred p;\\nsetp.ne.b32 p, %%%d, 0;\\n\"\n", n / 2 + na + 1);
  bool tf32 = !strcmp(t, "tf32"), f8 = t[0] == 'e'; /* both operands K-major, no transpose flags */
  const char *ta = f8 ? fmt("%.4s", t) : t, *tb = f8 ? t + 5 : t;
  buf_printf(&b, "               \"wgmma.mma_async.sync.aligned.m64n%dk%d.f32.%s.%s {", n, tf32 ? 8 : f8 ? 32 : 16, ta,
             tb);
  for (int i = 0; i < n / 2; i++)
    buf_printf(&b, "%s%%%d", i ? ", " : "", i);
  if (ra)
    buf_printf(&b, "}, {%%%d, %%%d, %%%d, %%%d}, %%%d, p, 1, 1, %d;\\n}\\n\"\n               :", n / 2, n / 2 + 1,
               n / 2 + 2, n / 2 + 3, n / 2 + 4, !kmajor);
  else if (tf32 || f8)
    buf_printf(&b, "}, %%%d, %%%d, p, 1, 1;\\n}\\n\"\n               :", n / 2, n / 2 + 1);
  else
    buf_printf(&b, "}, %%%d, %%%d, p, 1, 1, 0, %d;\\n}\\n\"\n               :", n / 2, n / 2 + 1, !kmajor);
  for (int i = 0; i < n / 2; i++)
    buf_printf(&b, "%s \"+f\"(d[%d])", i ? "," : "", i);
  if (ra)
    buf_puts(&b, "\n               : \"r\"(a[0]), \"r\"(a[1]), \"r\"(a[2]), \"r\"(a[3]), \"l\"(b), \"r\"(1));\n}\n");
  else
    buf_puts(&b, "\n               : \"l\"(a), \"l\"(b), \"r\"(1));\n}\n");
  vec_push(&E->wg_helpers, xstrdup(b.s));
  buf_free(&b);
  return fn;
}

/* the descriptor of a K-major operand (A, or k of B = tl.trans(k)) of `rows` rows at address
 * `at` for the 16 of K at tc_k: 128-byte swizzle atoms of 64 K (one column of atoms after
 * another), or 64-byte ones when K is 32 */
static const char *kmajor_desc(const char *at, int rows, int K) {
  if (K == 32)
    return fmt("tc_desc(%s + (tc_k & 31) * 2, 16, 512, 2)", at);
  return fmt("tc_desc(%s + (tc_k >> 6) * %d + (tc_k & 63) * 2, 16, 1024, 1)", at, rows * 128);
}

/* wgmma (sm_90a): each warpgroup issues, per 16 of K, one m64nNk16 per 64-row block of its
 * part; the tensor cores read A (K-major) and B (N-major) from shared memory in 128-byte
 * swizzle atoms (tc_sw128) through descriptors, and the warpgroup waits for them at the end */
static void wgmma_block(CE *E, Op *op, Lay L, const char *as, const char *bs, const char *name, const char *ra) {
  Value *r = op->out[0];
  int M = r->sh.d[0], N = r->sh.d[1], K = mma_units(op, 0).d[1]; /* K in 16-bit units */
  int MW = M / L.wm, NW = N / L.wn, MB = MW / 64;
  /* B K-major: tl.trans(k) streamed as it is, or a tf32 or fp8 B however it came (stage_wide
   * writes 32- and 8-bit B tiles K-major, and wgmma reads tf32 and fp8 only so) */
  bool kb = cu_oplan(op)->kmajor_b || cu_mma_bytes(op) != 2;
  const char *t = cu_mma_kind(op);
  const char *fn = wgmma_helper(E, t, NW, kb, ra != NULL);
  cline(E, "{ /* warpgroup (tid / 128) computes rows %d * (group / %d) + [0, %d) and columns %d * (group %% %d) "
           "+ [0, %d): %d wgmma m64n%d%s */", MW, L.wn, MW, NW, L.wn, NW, MB, NW,
        !strcmp(t, "tf32") ? "k8 per 8 of K (tc_k counts 16-bit units)"
        : t[0] == 'e'      ? "k32 per 32 of K (tc_k counts 16-bit units)"
                           : "k16 per 16 of K");
  E->ind++;
  int rb = K == 32 ? 64 : 128; /* bytes of a K-major row in its atom (64-byte swizzle for K = 32) */
  const char *tb = fmt("tc_b = tc_smem_addr(%s) + tid / 128 %% %d * %d", bs, L.wn, kb ? NW * rb : (NW / 64) * K * 128);
  if (!ra) {
    cline(E, "const unsigned tc_a = tc_smem_addr(%s) + tid / 128 / %d * %d, %s;", as, L.wn, MW * rb, tb);
  } else { /* A's fragments, written before the fence */
    cline(E, "const unsigned %s;", tb);
    cline(E, "unsigned tc_ra[%d][%d][4]; /* per 16 of K and 64-row block: the thread's own elements of %s */", K / 16,
          MB, ra);
    cline(E, "#pragma unroll");
    cline(E, "for (int tc_k = 0; tc_k < %d; tc_k += 16)", K);
    if (MB > 1) {
      cline(E, "  #pragma unroll");
      cline(E, "  for (int tc_i = 0; tc_i < %d; ++tc_i)", MB);
    }
    cline(E, "%s  tc_a_regs_%s(tc_ra[tc_k / 16][%s], &%s[%stc_k / 2]);", MB > 1 ? "  " : "", t, var("tc_i", MB == 1), ra,
          term("tc_i", MB == 1, K / 2));
  }
  /* the accumulator's values are computed here, before the fence (not moved past it); a deferred
   * dot's is the loop-carried tile the group before still writes: touched by anything but
   * wgmma, ptxas waits for that group (C7514, C7517), and every trip runs alone */
  const CuOpPlan *pl = cu_oplan(op);
  Ring *ring = pl->defer_wait ? (pl->pipe[0] ? pl->pipe[0] : pl->pipe[1])->r : NULL;
  if (!ring || !ring->wait_after)
    cu_loop(E, L.E, fmt("tc_reg_fence(%s[e]);", name));
  cline(E, "tc_wgmma_fence();");
  cline(E, "#pragma unroll");
  cline(E, "for (int tc_k = 0; tc_k < %d; tc_k += 16)", K);
  bool oi = MB == 1; /* one 64-row block: no loop over them */
  const char *da = ra ? fmt("tc_ra[tc_k / 16][%s]", var("tc_i", oi))
                      : kmajor_desc(oi ? "tc_a" : fmt("tc_a + tc_i * %d", 64 * rb), M, K);
  const char *note, *db;
  if (ra) {
    note = "A from registers";
    db = kb ? kmajor_desc("tc_b", N, K) : fmt("tc_desc(tc_b + tc_k * 128, %d, 1024, 1)", K * 128);
  } else if (kb) {
    note = fmt("A and B K-major: 8-row atoms %d bytes apart", 8 * rb);
    db = kmajor_desc("tc_b", N, K);
  } else {
    note = fmt("A: 8-row atoms %d bytes apart; B: 64 columns %d bytes apart", 8 * rb, K * 128);
    db = fmt("tc_desc(tc_b + tc_k * 128, %d, 1024, 1)", K * 128);
  }
  if (oi) {
    cline(E, "  %s(%s, %s, %s); /* %s */", fn, name, da, db, note);
  } else {
    cline(E, "  #pragma unroll");
    cline(E, "  for (int tc_i = 0; tc_i < %d; ++tc_i) /* %s */", MB, note);
    cline(E, "    %s(&%s[tc_i * %d], %s, %s);", fn, name, NW / 2, da, db);
  }
  cline(E, "tc_wgmma_commit();");
  if (ring) { /* the group before; the last trip's own after the loop (cu_ring_end) or in it */
    cline(E, "tc_wgmma_wait1(); /* the group before is done: its buffers may be refilled */");
    if (!ring->wait_after) {
      cline(E, "if ((int64_t)%s + %s >= %s)", cu_name(E, ring->loop->reg[0]->args[0]), cu_access(E, ring->loop->in[2], NULL),
            cu_access(E, ring->loop->in[1], NULL));
      cline(E, "  tc_wgmma_wait0(); /* the last trip: its own products too, inside the loop (no wgmma in flight where "
               "the loop's paths join) */");
    }
  } else {
    cline(E, "tc_wgmma_wait0();");
    cu_loop(E, L.E, fmt("tc_reg_fence(%s[e]); /* read only after the wait */", name));
  }
  E->ind--;
  cline(E, "}");
}

/* the C array that holds A of a dot whose A the plan takes from registers (CuOpPlan.a_regs:
 * the thread's own elements of A, or of the fp32 x of A = x.to(fp16), are its fragments'), or
 * NULL */
static const char *reg_a(CE *E, Op *op) {
  bool tr;
  Lay La;
  if (!cu_oplan(op)->a_regs)
    return NULL;
  Value *src = cu_stage_src(E, op->in[0], &tr, &La);
  if (cu_vplan(src)->packed)
    src = src->def->in[0];
  Ix c = ix_canon(La);
  const char *x = cu_access(E, src, &c);
  size_t n = strlen(x);
  if (n < 4 || strcmp(x + n - 3, "[e]"))
    die("A of the dot at line %d is not in registers", op->loc.line);
  return fmt("%.*s", (int)(n - 3), x);
}

static void emit_mma(CE *E, Op *op, Lay L) {
  Value *a = op->in[0], *b = op->in[1], *acc = op->in[2], *r = op->out[0];
  long long boff;
  mma_smem(E, op, &boff);
  Value *bl = cu_oplan(op)->kmajor_b ? b->def->in[0] : b; /* what B's load is */
  bool async_a = cu_vplan(a)->stream_dot == op, async_b = cu_vplan(bl)->stream_dot == op;
  (void)smem_type(a);
  Pipe *ca = cu_oplan(op)->pipe[0], *cb = cu_oplan(op)->pipe[1], *pipe = ca ? ca : cb;
  Pipe *pa = ring_tile(op, 0), *pb = ring_tile(op, 1); /* read from the ring as they are */
  Pipe *qa = cu_oplan(op)->pin[0], *qb = cu_oplan(op)->pin[1];
  ca = ca && ca->conv ? ca : NULL, cb = cb && cb->conv ? cb : NULL; /* converted from the ring here */
  RingState *rs = pipe ? ring_state(E, pipe->r) : NULL;
  const char *as = pa ? ring_buf(E, pa, rs->stage) : qa ? ring_buf(E, qa, NULL) : operand_buf(boff, 0);
  const char *bs = pb ? ring_buf(E, pb, rs->stage) : qb ? ring_buf(E, qb, NULL) : operand_buf(boff, 1);
  long long al = wg_dot(op) ? 1024 : 128;
  if (halved(op, 0)) /* this trip's of the two (Ring.halves) */
    as = fmt("((uint16_t *)(tc_smem + %s * %lld))", rs->half, own_bytes(op, 0, al));
  if (halved(op, 1))
    bs = fmt("((uint16_t *)(tc_smem + %lld + %s * %lld))", boff, rs->half, own_bytes(op, 1, al));
  bool waited_here = pipe && !rs->waited;
  if (waited_here) {
    cline(E, "/* on the tensor cores: this trip's tiles of ring %d were sent to shared memory %d trip%s ago */",
          pipe->r->id, pipe->r->D, pipe->r->D > 1 ? "s" : "");
    cline(E, "tc_cp_wait_group<%d>(); /* the copies of the next %d trip%s may still travel */", pipe->r->D - 1,
          pipe->r->D - 1, pipe->r->D == 2 ? "" : "s");
    rs->waited = true;
  }
  const char *ra = reg_a(E, op); /* A from registers: nothing to stage */
  bool on[2] = {async_a || qa || ra, async_b || qb}; /* in a ring, on their way by cp.async, staged
                                                       * before the loop, or A in registers:
                                                       * nothing to stage here */
  Value *ld[2] = {a, bl};
  for (int i = 0; i < 2; i++)
    if (on[i] && cu_vplan(ld[i])->late) {
      csrc(E, ld[i]->def->loc);
      cu_emit_async_load(E, ld[i]->def);
    }
  if (!on[0] || !on[1]) {
    for (int i = 0; i < 2; i++) { /* what stage() reads */
      bool tr;
      Lay Ls;
      Value *src = cu_stage_src(E, op->in[i], &tr, &Ls);
      if (!on[i] && !(i ? cb : ca))
        settle(E, src, Ls);
    }
    settle(E, acc, L);
    cline(E, "/* on the tensor cores: %s to shared memory in swizzled 16-byte chunks */",
          !on[0] && !on[1] ? fmt("%s and %s", cu_name(E, a), cu_name(E, b)) : cu_name(E, on[0] ? b : a));
    if (ca)
      stage_conv(E, ca, ring_buf(E, ca, rs->stage), as);
    else if (!on[0])
      stage(E, op, 0, as);
    if (cb)
      stage_conv(E, cb, ring_buf(E, cb, rs->stage), bs);
    else if (!on[1])
      stage(E, op, 1, bs);
  } else if (!pipe) {
    cline(E, "/* on the tensor cores: %s and %s are on their way to shared memory */", cu_name(E, a), cu_name(E, b));
  }
  if ((async_a && !pa) || (async_b && !pb))
    cline(E, "tc_cp_wait();");
  if (L.wg)
    cline(E, "tc_fence_async(); /* what this thread wrote, visible to the tensor cores' own reads */");
  if (ra && on[1] && !waited_here && !((async_a && !pa) || (async_b && !pb))) {
    cline(E, "/* no barrier: A is in registers, B in shared memory since the trip's first dot */");
  } else if (cu_oplan(op)->own_rows) {
    cline(E, "tc_bar_wg(); /* each warpgroup staged the rows of A its own tensor-core work reads */");
  } else {
    cline(E, "__syncthreads();");
  }
  Ix ix = ix_canon(L);
  const char *name = cu_name(E, r);
  cline(E, "%s %s[%d]; /* %s */", cu_type(r->dt, r->elt), name, L.E, lay_comment(L, r->dt));
  cu_loop(E, L.E, fmt("%s[e] = %s;", name, cu_access(E, acc, &ix)));
  if (L.wg) {
    cline(E, "#if defined(__CUDA_ARCH_FEAT_SM90_ALL) /* sm_90a: Hopper's warpgroup MMA */");
    wgmma_block(E, op, L, as, bs, name, ra);
    cline(E, "#else /* other architectures: mma.sync on the same layouts */");
    mma_sync_block(E, op, L, as, bs, name, ra);
    cline(E, "#endif");
  } else {
    mma_sync_block(E, op, L, as, bs, name, ra);
  }
  if (pipe)
    rs->seen++;
  if ((pa || qa) && (pb || qb) && pipe && rs->seen < pipe->r->ndots)
    cline(E, "/* no barrier: the operands stay in ring %d's region until the trip's last dot */", pipe->r->id);
  else
    cline(E, "__syncthreads();");
}

/* ---- the plain form ---- */

void cu_emit_dot(CE *E, Op *op) {
  Value *a = op->in[0], *b = op->in[1], *acc = op->in[2], *r = op->out[0];
  Lay *ml = cu_vplan(r)->lay;
  if (ml && ml->mapped) {
    emit_mma(E, op, *ml);
    return;
  }
  int rk = r->sh.rank;
  int M = r->sh.d[rk - 2], N = r->sh.d[rk - 1], K = a->sh.d[rk - 1];
  const char *ta = smem_type(a), *tb = smem_type(b);
  long long boff = (smem_bytes(a) + 15) & ~15LL;
  cu_smem_need(E, boff + smem_bytes(b));
  const char *as = fmt("((%s *)tc_smem)", ta), *bs = fmt("((%s *)(tc_smem + %lld))", tb, boff);

  settle(E, a, lay_of(E, a->sh));
  settle(E, b, lay_of(E, b->sh));
  settle(E, acc, lay_of(E, r->sh));
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
  if (r->dt == DT_F16 || r->dt == DT_BF16) /* out_dtype fp16: the fp32 sums round once */
    cu_loop(E, L.E, fmt("%s[e] = %s;", name, cu_round(r->dt, fmt("%s[e]", name))));
  cline(E, "__syncthreads();");
}
