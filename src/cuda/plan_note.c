/* plan_note.c — --emit plan --target cuda: the decisions of plan.c at the end of each op's line
 * of the IR dump (ir_dump_plan), after the facts, in brackets, each as `key=value`:
 *
 *   plan cuda: threads=T chunk=V (a line after the signature) the CTA's threads; elements of a
 *                                tile's chunk, one vector access
 *   lay=...                      where a tile result lives (none: index math, recomputed
 *                                where it is used): rows(V x TC threads x R) (the canonical
 *                                layout: V contiguous elements per thread, TC threads, R times),
 *                                mma(WMxWN warps) or wgmma(GMxGN warpgroups) (the tensor cores'
 *                                accumulator), mma-rows(E) (a reduction of one, left in its
 *                                threads), smem(ringI) (a loop-carried operand, no registers);
 *                                a loop's results as %ID:lay=...
 *   dot=...                      a dot's form: mma.sync m16n8kK TYPE, or wgmma m64nNkK TYPE with
 *                                mma.sync on other architectures, or fma (the plain form)
 *   a=... b=...                  how each operand reaches the tensor cores: ringI (streamed trips
 *                                ahead by cp.async; ringI,converted: the 8-bit integer tile the
 *                                operand converts streams, the dot converts it), pinned(ringI) (staged once before the loop),
 *                                cp.async / cp.async-late (copied straight from memory, where the
 *                                load stands or at the dot), regs (A's fragments from the
 *                                registers holding it), staged (from registers to shared memory
 *                                at the dot); b adds ,kmajor (tl.trans(k) with k as it is) or
 *                                ,kn (a 32- or 8-bit B kept [K, N])
 *   wait=deferred                a wgmma that waits for the group before instead of its own
 *   barrier=warpgroup            A staged by the warpgroups that read it: their own barrier
 *   ring=I stages=S stage_bytes=B pinned_bytes=P tiles=N dots=D    (a for loop) its ring;
 *                                converted_buffers=2: its deferred dot converts an operand into
 *                                two buffers taken in turn
 *   copy=ringI:tT / ringI:next   (a load) its ring copy: trip T before the loop, the next trip's
 *   cp.async=@L / cp.async-late=@L  (a load) copied straight to shared memory for the dot at line L
 *   packed                       (a cast) converted pairwise where the dot reading it stages it
 *   converted                    (a cast) of a ring's 8-bit integer tile, converted where the dot
 *                                reading it stages it */
#include "cuda.h"

/* a scratch context for the layout functions */
static CE ctx(const Kernel *k) { return (CE){.k = (Kernel *)k, .T = k->cu->T, .chunk = k->cu->chunk}; }

static void note_lay(Buf *out, CE *E, Value *v, const char *key) {
  const CuValPlan *p = cu_vplan(v);
  Lay L = lay_val(E, v);
  if (cu_virtual(E, v))
    return; /* index math: recomputed where it is used */
  buf_printf(out, " %s", key);
  const CuOpPlan *dp = p->stream_dot ? cu_oplan(p->stream_dot) : NULL;
  if (dp && (dp->pipe[0] || dp->pipe[1])) /* a carried operand tile: the ring's copies */
    buf_printf(out, "lay=smem(ring%d)", (dp->pipe[0] ? dp->pipe[0] : dp->pipe[1])->r->id);
  else if (L.mapped && L.rep)
    buf_printf(out, "lay=%s-rows(%d)", L.wg ? "wgmma" : "mma", L.E);
  else if (L.mapped)
    buf_printf(out, "lay=%s(%dx%d %s)", L.wg ? "wgmma" : "mma", L.wm, L.wn, L.wg ? "warpgroups" : "warps");
  else
    buf_printf(out, "lay=rows(%d x %d threads x %d)", L.V, L.TC, L.R);
}

/* the mma.sync instruction's K for the dot's operand type */
static int mma_k(Op *dot) { return 32 / cu_mma_bytes(dot); }

static const char *operand_how(Op *dot, int o) {
  const CuOpPlan *p = cu_oplan(dot);
  Value *v = dot->in[o];
  if (o == 1 && p->kmajor_b)
    v = v->def->in[0];
  const char *how = p->pipe[o]      ? fmt("ring%d%s", p->pipe[o]->r->id, p->pipe[o]->conv ? ",converted" : "")
                    : p->pin[o]      ? fmt("pinned(ring%d)", p->pin[o]->r->id)
                    : cu_vplan(v)->stream_dot == dot ? (cu_vplan(v)->late ? "cp.async-late" : "cp.async")
                    : o == 0 && p->a_regs ? "regs"
                                          : "staged";
  if (o == 1 && p->kmajor_b)
    return fmt("%s,kmajor", how);
  return o == 1 && p->wide_nmajor ? fmt("%s,kn", how) : how;
}

static void note_dot(Buf *out, Op *dot) {
  Lay *L = cu_vplan(dot->out[0])->lay;
  if (!L || !L->mapped) {
    buf_printf(out, " dot=fma");
    return;
  }
  const char *t = cu_mma_kind(dot);
  if (L->wg)
    buf_printf(out, " dot=wgmma m64n%dk%d %s (mma.sync elsewhere)", dot->out[0]->sh.d[1] / L->wn, mma_k(dot), t);
  else
    buf_printf(out, " dot=mma.sync m16n8k%d %s", mma_k(dot), t);
  buf_printf(out, " a=%s b=%s", operand_how(dot, 0), operand_how(dot, 1));
  if (cu_oplan(dot)->defer_wait)
    buf_printf(out, " wait=deferred");
  if (cu_oplan(dot)->own_rows)
    buf_printf(out, " barrier=warpgroup");
}

static void note_ring(Buf *out, Ring *r) {
  buf_printf(out, " ring=%d stages=%d stage_bytes=%lld pinned_bytes=%lld tiles=%d dots=%d%s", r->id, r->D + 1, r->stride,
          r->pinned, r->npipes, r->ndots, r->halves ? " converted_buffers=2" : "");
}

static void note_load(Buf *out, Op *op) {
  const CuOpPlan *p = cu_oplan(op);
  const CuValPlan *v = cu_vplan(op->out[0]);
  if (p->copy && p->trip >= 0)
    buf_printf(out, " copy=ring%d:t%d", p->copy->r->id, p->trip);
  else if (p->copy)
    buf_printf(out, " copy=ring%d:next", p->copy->r->id);
  else if (v->stream_dot)
    buf_printf(out, " %s=@%d", v->late ? "cp.async-late" : "cp.async", v->stream_dot->loc.line);
}

static void note_op(Buf *out, const Kernel *k, Op *op) {
  CE E = ctx(k);
  if (op->k == O_LOAD && op->out[0]->sh.rank && (cu_oplan(op)->copy || cu_vplan(op->out[0])->stream_dot)) {
    note_load(out, op);
    return;
  }
  if (op->k == O_CAST && cu_vplan(op->out[0])->packed) {
    buf_printf(out, " packed");
    return;
  }
  if (op->k == O_CAST && cu_vplan(op->out[0])->conv) {
    buf_printf(out, " converted");
    return;
  }
  bool loop = op->k == O_FOR || op->k == O_WHILE; /* several results: each named */
  for (int i = 0; i < op->nout; i++)
    if (op->out[i]->sh.rank)
      note_lay(out, &E, op->out[i], loop ? fmt("%%%d:", op->out[i]->id) : "");
  if (op->k == O_DOT)
    note_dot(out, op);
  if (cu_oplan(op)->ring)
    note_ring(out, cu_oplan(op)->ring);
}

void cu_plan_note(FILE *out, const Kernel *k, const Op *op) {
  if (!op) {
    fprintf(out, "  plan cuda: threads=%d chunk=%d\n", k->cu->T, k->cu->chunk);
    return;
  }
  Buf b = {0};
  note_op(&b, k, (Op *)op);
  if (b.n)
    fprintf(out, "  [%s]", b.s + 1);
  buf_free(&b);
}
