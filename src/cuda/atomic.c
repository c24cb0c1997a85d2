/* atomic.c — tl.atomic_* (O_ATOMIC) on the CUDA target.
 *
 * Each read-modify-write is one PTX `atom.SEM.SCOPE.OP.TYPE` in a small __device__ helper per
 * (kind, type, sem, scope) the kernel uses, written before the kernel (cu_atomic_helpers), so the
 * op's memory order and scope are Triton's exactly. What PTX lacks natively (bf16 add before
 * sm_90) is a compare-and-swap loop.
 *
 * Exactly once per element: a tile's elements are done by the threads holding distinct copies
 * (tid < TC where the layout replicates a small tile) and, when the old values are used, handed
 * to the replicas through shared memory. A scalar is done by thread 0 alone and its old value
 * broadcast through shared memory; barriers around it order the other threads' memory accesses
 * before a release and after an acquire, as one program's order requires (scalars are uniform,
 * so every thread of the CTA reaches them).
 */
#include "cuda.h"

#include <string.h>

static const char *const sem_ptx[] = {"relaxed", "acquire", "release", "acq_rel"};
static const char *const scope_ptx[] = {"gpu", "cta", "sys", "gpu"};

/* the bits of one element: register type, inline-asm constraint, C expressions to and from */
typedef struct Bits {
  const char *bt, *cons;
  int n;
} Bits;

static Bits bits_of(DType t) {
  int n = dt_bits(t);
  if (n == 16)
    return (Bits){"unsigned short", "h", 16};
  if (n == 64)
    return (Bits){"unsigned long long", "l", 64};
  return (Bits){"unsigned", "r", 32};
}

static const char *to_bits(DType t, const char *v) {
  switch (t) {
  case DT_F32: return fmt("__float_as_uint(%s)", v);
  case DT_F64: return fmt("(unsigned long long)__double_as_longlong(%s)", v);
  case DT_F16: return fmt("__half_as_ushort(__float2half_rn(%s))", v);
  case DT_BF16: return fmt("__bfloat16_as_ushort(__float2bfloat16_rn(%s))", v);
  default: return fmt("(%s)%s", bits_of(t).bt, v);
  }
}

static const char *from_bits(DType t, const char *b) {
  switch (t) {
  case DT_F32: return fmt("__uint_as_float(%s)", b);
  case DT_F64: return fmt("__longlong_as_double((long long)%s)", b);
  case DT_F16: return fmt("__half2float(__ushort_as_half(%s))", b);
  case DT_BF16: return fmt("__bfloat162float(__ushort_as_bfloat16(%s))", b);
  default: return fmt("(%s)%s", cu_type(t, DT__COUNT), b);
  }
}

/* PTX op.type of kind on t */
static const char *ptx_op(AtomicKind at, DType t) {
  int n = dt_bits(t);
  const char *k = atomic_names[at];
  switch (at) {
  case AT_ADD: return fmt("add.u%d", n);
  case AT_FADD: return t == DT_F16 ? "add.noftz.f16" : fmt("add.f%d", n);
  case AT_MAX: case AT_MIN: return fmt("%s.s%d", k, n);
  case AT_UMAX: case AT_UMIN: return fmt("%s.u%d", k + 1, n);
  case AT_XCHG: return fmt("exch.b%d", n);
  default: return fmt("%s.b%d", k, n); /* and, or, xor, cas */
  }
}

static const char *helper_name(Op *op) {
  DType t = op->out[0]->dt;
  return fmt("tc_atom_%s_%s_%s_%s", atomic_names[op->atom], dtype_info[t].sig, sem_ptx[op->flags & ATOMIC_SEM],
             scope_ptx[ATOMIC_SCOPE(op->flags)]);
}

/* The rest of a helper that is a 16-bit compare-and-swap loop (what PTX lacks: bf16 add before
 * sm_90, fp16 / bf16 min and max): the bits `var = val` computed from `seen`, swapped in until
 * no other thread came between; with a guard, the loop ends when guard fails (nothing to store). */
static void cas16_loop(Buf *d, DType t, const char *pre, const char *guard, const char *var,
                       const char *val) {
  buf_printf(d, "  unsigned short old = *(volatile unsigned short *)p, seen;\n"
                "  do {\n"
                "    seen = old;\n");
  if (guard)
    buf_printf(d, "    if (!(%s))\n      break;\n", guard);
  buf_printf(d, "    const unsigned short %s = %s;\n"
                "    asm volatile(\"%scas.b16 %%0, [%%1], %%2, %%3;\" : \"=h\"(old) : \"l\"(p), "
                "\"h\"(seen), \"h\"(%s) : \"memory\");\n"
                "  } while (old != seen);\n"
                "  return %s;\n}\n",
             var, val, pre, var, from_bits(t, "old"));
}

/* the helper's definition: T name(void *p, T v) or, for cas, T name(void *p, T cmp, T v) */
static const char *helper_def(Op *op) {
  DType t = op->out[0]->dt;
  Bits b = bits_of(t);
  const char *T = cu_type(t, DT__COUNT), *name = helper_name(op);
  const char *pre = fmt("atom.%s.%s.", sem_ptx[op->flags & ATOMIC_SEM], scope_ptx[ATOMIC_SCOPE(op->flags)]);
  bool cas = op->atom == AT_CAS;
  Buf d = {0};
  buf_printf(&d, "__device__ __forceinline__ %s %s(void *p, %s%s v) {\n", T, name,
             cas ? fmt("%s cmp, ", T) : "", T);
  if (op->atom == AT_FMAX || op->atom == AT_FMIN) { /* fp16 / bf16: a cas loop */
    cas16_loop(&d, t, pre, fmt("%s %s v", from_bits(t, "seen"), op->atom == AT_FMAX ? "<" : ">"),
               "nv", to_bits(t, "v"));
  } else if (op->atom == AT_FADD && t == DT_BF16) { /* atom.add.bf16 needs sm_90: a cas loop */
    cas16_loop(&d, t, pre, NULL, "sum", to_bits(t, fmt("%s + v", from_bits(t, "seen"))));
  } else if (op->atom == AT_FADD && t != DT_F16) { /* f32 / f64: float registers */
    const char *c = t == DT_F64 ? "d" : "f";
    buf_printf(&d, "  %s old;\n  asm volatile(\"%s%s %%0, [%%1], %%2;\" : \"=%s\"(old) : \"l\"(p), "
                   "\"%s\"(v) : \"memory\");\n  return old;\n}\n",
               T, pre, ptx_op(op->atom, t), c, c);
  } else {
    buf_printf(&d, "  %s old;\n", b.bt);
    if (cas)
      buf_printf(&d, "  asm volatile(\"%s%s %%0, [%%1], %%2, %%3;\" : \"=%s\"(old) : \"l\"(p), "
                     "\"%s\"(%s), \"%s\"(%s) : \"memory\");\n",
                 pre, ptx_op(op->atom, t), b.cons, b.cons, to_bits(t, "cmp"), b.cons, to_bits(t, "v"));
    else
      buf_printf(&d, "  asm volatile(\"%s%s %%0, [%%1], %%2;\" : \"=%s\"(old) : \"l\"(p), \"%s\"(%s) : "
                     "\"memory\");\n",
                 pre, ptx_op(op->atom, t), b.cons, b.cons, to_bits(t, "v"));
    buf_printf(&d, "  return %s;\n}\n", from_bits(t, "old"));
  }
  const char *s = xstrdup(d.s);
  buf_free(&d);
  return s;
}

static void need_helper(CE *E, Op *op) {
  const char *def = helper_def(op);
  for (int i = 0; i < E->atomics.n; i++)
    if (!strcmp(E->atomics.v[i], def))
      return;
  vec_push(&E->atomics, (void *)def);
}

void cu_atomic_helpers(CE *E, Buf *o) {
  if (E->atomics.n)
    buf_puts(o, "\n/* ---- tl.atomic_*: one PTX atom per element, with the op's sem and scope ---- */\n");
  for (int i = 0; i < E->atomics.n; i++)
    buf_puts(o, E->atomics.v[i]);
}

/* the call for one element at ix (NULL: a scalar) */
static const char *call(CE *E, Op *op, Ix *ix) {
  const char *p = cu_access(E, op->in[0], ix), *a = cu_access(E, op->in[1], ix);
  if (op->atom == AT_CAS)
    return fmt("%s(%s, %s, %s)", helper_name(op), p, a, cu_access(E, op->in[2], ix));
  return fmt("%s(%s, %s)", helper_name(op), p, a);
}

static bool masked(Op *op) { return op->atom != AT_CAS && op->nin > 2; }

// tl.atomic_add(ptr, val, mask=m) with a scalar pointer
static void emit_scalar(CE *E, Op *op) {
  Value *r = op->out[0];
  int sem = op->flags & ATOMIC_SEM;
  bool used = r->uses > 0, rel = sem == 2 || sem == 3, acq = sem == 1 || sem == 3;
  const char *T = cu_type(r->dt, DT__COUNT), *x = call(E, op, NULL);
  const char *m = masked(op) ? cu_access(E, op->in[2], NULL) : NULL;
  if (rel)
    cline(E, "__syncthreads(); /* the CTA's earlier accesses before the release */");
  if (!used) {
    cline(E, "if (tid == 0%s%s)", m ? " && " : "", m ? m : "");
    cline(E, "  (void)%s;", x);
    if (acq)
      cline(E, "__syncthreads(); /* the CTA's later accesses after the acquire */");
    return;
  }
  const char *slot = fmt("*(%s *)tc_smem", T);
  cu_smem_need(E, 8);
  cline(E, "if (tid == 0)");
  cline(E, "  %s = %s;", slot, m ? fmt("%s ? %s : (%s)0", m, x, T) : x);
  cline(E, "__syncthreads();");
  cline(E, "const %s %s = %s;", T, cu_name(E, r), slot);
  cline(E, "__syncthreads();");
}

// tl.atomic_add(ptrs, vals, mask=m) on a tile
static void emit_tile(CE *E, Op *op) {
  Value *r = op->out[0];
  Lay L = lay_of(E, op->in[0]->sh);
  Ix ix = ix_canon(L);
  bool used = r->uses > 0, rep = L.TC < E->T;
  const char *x = call(E, op, &ix);
  const char *m = masked(op) ? cu_access(E, op->in[2], &ix) : NULL;
  const char *T = cu_type(r->dt, DT__COUNT);
  if (used)
    cline(E, "%s %s[%d];", T, cu_name(E, r), L.E);
  cline(E, "/* once per element: %s */", lay_comment(L, op->in[0]->elt));
  if (rep)
    cline(E, "if (tid < %d) { /* the other threads hold copies: once per element */", L.TC);
  E->ind += rep;
  const char *body;
  if (used)
    body = m ? fmt("%s[e] = %s ? %s : (%s)0;", cu_name(E, r), m, x, T)
             : fmt("%s[e] = %s;", cu_name(E, r), x);
  else
    body = m ? fmt("if (%s)\n  (void)%s;", m, x) : fmt("(void)%s;", x);
  cu_loop(E, L.E, body);
  E->ind -= rep;
  if (rep)
    cline(E, "}");
  if (!used || !rep)
    return;
  /* the replicas' copies of the old values */
  const char *buf = fmt("((%s *)tc_smem)", T);
  cu_smem_need(E, (long long)L.n * (dt_bits(r->dt) == 64 ? 8 : 4));
  cline(E, "__syncthreads();");
  cu_store_tile(E, r, buf, L);
  cline(E, "__syncthreads();");
  const char *flat = ix_flat(&ix);
  cline(E, "if (tid >= %d) {", L.TC);
  E->ind++;
  cu_loop(E, L.E, fmt("%s[e] = %s[%s];", cu_name(E, r), buf, flat));
  E->ind--;
  cline(E, "}");
  cline(E, "__syncthreads();");
}

void cu_emit_atomic(CE *E, Op *op) {
  need_helper(E, op);
  if (op->in[0]->sh.rank == 0)
    emit_scalar(E, op);
  else
    emit_tile(E, op);
}
