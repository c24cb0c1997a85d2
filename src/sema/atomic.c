/* atomic.c — tl.atomic_add / and / or / xor / xchg / max / min / cas as Triton's semantic.py
 * types them, lowered to O_ATOMIC ops (one read-modify-write per unmasked element, returning the
 * old value; docs/ir.md "Atomics").
 *
 * Triton's rules kept here: fp16 and bf16 only for add; int16/uint16 and anything narrower
 * rejected (cas takes 16-, 32- and 64-bit elements); the value is cast to the element type and
 * it and the mask are broadcast to the pointer's shape; integer max/min are signed or unsigned
 * by the element type; float max/min (fp32, fp64 only) are Triton's integer-order trick: a
 * non-negative value does a signed integer max (min) on the bits, a negative one an unsigned
 * integer min (max), each under the mask and the value's sign, the old value picked by the sign.
 * sem is "acquire", "release", "acq_rel" (default) or "relaxed"; scope "gpu" (default), "cta"
 * or "sys".
 */
#include "sema.h"

#include <string.h>

static const char *const sems[] = {"relaxed", "acquire", "release", "acq_rel", NULL};
static const char *const scopes[] = {"gpu", "cta", "sys", NULL};

static int pick(Loc loc, SVal *v, const char *const *names, int dflt, const char *what) {
  if (!v || v->k == SV_NONE)
    return dflt;
  if (v->k != SV_STR)
    error_at(loc, "memory %s must be a constexpr string, got %s", what, sv_kind_name(v));
  for (int i = 0; names[i]; i++)
    if (!strcmp(names[i], v->s))
      return i;
  error_at(loc, "memory %s '%s' is not supported (%s)", what, v->s,
           names == sems ? "acquire, release, acq_rel or relaxed" : "gpu, cta or sys");
}

static Op *emit_atomic(Sema *S, Loc loc, AtomicKind kind, int flags, DType dt, Shape sh,
                       int nin, Value **in) {
  Op *op = ir_op(S->cur, O_ATOMIC, loc, nin, in);
  op->atom = kind;
  op->flags = flags;
  ir_result(S->k, op, dt, sh);
  return op;
}

/* atom_red_typechecking_impl: the pointer, the value cast to its element type, the mask, all of
 * the pointer's shape */
static void typecheck(Sema *S, Loc loc, AtomicKind k, Value **p, Value **v, Value **m) {
  const char *op = atomic_names[k];
  Value *ptr = *p;
  if (ptr->dt != DT_PTR)
    error_at(loc, "atomic_%s: the first argument must be a pointer, got %s", op,
             dt_name(ptr->dt, ptr->elt));
  DType e = ptr->elt;
  if ((e == DT_F16 || e == DT_BF16) && k != AT_ADD)
    error_at(loc, "atomic_%s does not support %s", op, e == DT_F16 ? "fp16" : "bf16");
  if (e == DT_I16 || e == DT_U16 || dt_bits(e) < 16)
    error_at(loc, "atomic_%s does not support %s", op, dtype_info[e].name);
  if (!dt_is_int(e) && (k == AT_AND || k == AT_OR || k == AT_XOR))
    error_at(loc, "atomic_%s needs an integer element type, got %s", op, dtype_info[e].name);
  for (int i = 0; i < 2; i++) {
    Value **x = i ? m : v;
    if (*x && (*x)->sh.rank > ptr->sh.rank)
      error_at(loc, "atomic_%s: %s of shape %s does not fit a pointer of shape %s", op,
               i ? "mask" : "value", shape_str((*x)->sh), shape_str(ptr->sh));
    if (*x)
      *x = broadcast_to(S, loc, *x, ptr->sh);
  }
  *v = cast_to(S, loc, *v, e);
  if (*m)
    *m = to_bool(S, loc, *m);
}

// tl.atomic_max(ptr, val, mask) on fp32 / fp64: the integer-order trick
static Value *float_minmax(Sema *S, Loc loc, bool mx, int flags, Value *p, Value *v, Value *m) {
  bool d = v->dt == DT_F64;
  DType it = d ? DT_I64 : DT_I32, ut = d ? DT_U64 : DT_U32;
  Value *iv = bitcast_to(S, loc, v, it), *uv = bitcast_to(S, loc, v, ut);
  Value *sh = broadcast_to(S, loc, const_value(S, loc, ut, dt_bits(ut) - 1, 0), v->sh);
  Value *neg = cast_to(S, loc, tensor_binop(S, loc, O_SHR, uv, sh), DT_I1);
  Value *pos = emit1(S, O_NOT, loc, DT_I1, v->sh, 1, &neg);
  Value *mp = m ? tensor_binop(S, loc, O_AND, m, pos) : pos;
  Value *mn = m ? tensor_binop(S, loc, O_AND, m, neg) : neg;
  Value *a[3] = {p, iv, mp}, *b[3] = {p, uv, mn};
  Value *rp = emit_atomic(S, loc, mx ? AT_MAX : AT_MIN, flags, it, v->sh, 3, a)->out[0];
  Value *rn = emit_atomic(S, loc, mx ? AT_UMIN : AT_UMAX, flags, ut, v->sh, 3, b)->out[0];
  Value *r = tensor_select(S, loc, pos, rp, bitcast_to(S, loc, rn, it));
  return bitcast_to(S, loc, r, v->dt);
}

// tl.atomic_cas(pointer, cmp, val, sem=None, scope=None)
static Value *atomic_cas(Sema *S, Loc loc, int flags, Value *p, Value *cmp, Value *val) {
  if (p->dt != DT_PTR)
    error_at(loc, "atomic_cas: the first argument must be a pointer, got %s", dt_name(p->dt, p->elt));
  int bits = dt_bits(p->elt);
  if (bits != 16 && bits != 32 && bits != 64)
    error_at(loc, "atomic_cas only supports elements with width {16, 32, 64}, got %s",
             dtype_info[p->elt].name);
  Value *in[3] = {p, cmp, val};
  for (int i = 1; i < 3; i++) {
    if (in[i]->sh.rank > p->sh.rank)
      error_at(loc, "atomic_cas: %s of shape %s does not fit a pointer of shape %s",
               i == 1 ? "cmp" : "val", shape_str(in[i]->sh), shape_str(p->sh));
    in[i] = broadcast_to(S, loc, cast_to(S, loc, in[i], p->elt), p->sh);
  }
  return emit_atomic(S, loc, AT_CAS, flags, p->elt, p->sh, 3, in)->out[0];
}

SVal *atomic_call(Sema *S, Loc loc, const char *op, SVal *ptr, SVal *val, SVal *mask_or_cmp,
                  SVal *sem, SVal *scope) {
  int flags = pick(loc, sem, sems, 3, "semantic") | pick(loc, scope, scopes, 0, "scope") << 2;
  AtomicKind k = AT_ADD; /* tl.atomic_<op>: op is one of the kinds' names (builtins.c) */
  while (strcmp(atomic_names[k], op))
    if (++k > AT_CAS)
      die("atomic_call: no atomic kind '%s'", op);
  Value *p = to_tensor(S, loc, ptr);
  if (k == AT_CAS)
    return sv_tensor(atomic_cas(S, loc, flags, p, to_tensor(S, loc, mask_or_cmp),
                                to_tensor(S, loc, val)));
  Value *v = to_tensor(S, loc, val);
  Value *m = mask_or_cmp && mask_or_cmp->k != SV_NONE ? to_tensor(S, loc, mask_or_cmp) : NULL;
  typecheck(S, loc, k, &p, &v, &m);
  bool mx = k == AT_MAX;
  if (mx || k == AT_MIN) {
    if (dt_is_float(v->dt))
      return sv_tensor(float_minmax(S, loc, mx, flags, p, v, m));
    if (dt_is_unsigned(v->dt))
      k = mx ? AT_UMAX : AT_UMIN;
  }
  if (k == AT_ADD && dt_is_float(v->dt))
    k = AT_FADD;
  Value *in[3] = {p, v, m};
  return sv_tensor(emit_atomic(S, loc, k, flags, v->dt, p->sh, m ? 3 : 2, in)->out[0]);
}

/* A tensor descriptor's atomic_min / atomic_max on fp16 / bf16 (Triton's TMA reductions have
 * them; tl.atomic_min / max do not): a compare-and-swap loop per element, relaxed, gpu scope. */
void atomic_half_minmax(Sema *S, Loc loc, bool mx, Value *p, Value *v, Value *m) {
  Value *in[3] = {p, v, m};
  emit_atomic(S, loc, mx ? AT_FMAX : AT_FMIN, 0, v->dt, p->sh, m ? 3 : 2, in);
}
