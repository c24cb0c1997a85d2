/* emit_c_atomic.c — tl.atomic_* (O_ATOMIC) as C11 + GCC/Clang __atomic operations.
 *
 * An atomic is never part of an elementwise group: it is a loop of its own over the pointer
 * tile, one read-modify-write per unmasked element in row-major order, with the tile's operands
 * read from their arrays or recomputed index math, so fusion, the vector path and
 * rematerialisation can neither repeat nor drop one. Masked-off elements return 0. The helpers
 * (integer max/min, float add, compare-and-swap) are runtime/tc_helpers.h's section atomic.
 */
#include "emit_c.h"

#include <string.h>

static const char *const orders[] = {"__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE", "__ATOMIC_RELEASE",
                                     "__ATOMIC_ACQ_REL"};

/* the element's helper suffix: i32, u64, f32, f16, ... */
static const char *tsig(DType t) {
  return t == DT_F32 ? "f32" : t == DT_F64 ? "f64" : t == DT_F16 ? "f16" : dtype_info[t].sig;
}

// tl.atomic_OP(ptr, val, mask) for one element: the old value
static const char *atomic_expr(Em *E, Op *op, const char *const *idx) {
  DType t = op->out[0]->dt, elt = op->in[0]->elt;
  const char *mo = orders[op->flags & ATOMIC_SEM];
  const char *p = access(E, op->in[0], idx);
  const char *a = access(E, op->in[1], idx);
  AtomicKind at = op->atom;
  const char *k = atomic_names[at];
  if (at == AT_CAS) {
    const char *b = access(E, op->in[2], idx);
    return fmt("tc_atomic_cas_%s(%s, %s, %s, %s)", tsig(t), p, a, b, mo);
  }
  if (at == AT_FADD)
    return fmt("tc_atomic_add_%s(%s, %s, %s)", tsig(t), p, a, mo);
  if (at == AT_FMAX || at == AT_FMIN) /* fp16 / bf16 (a descriptor's reduction) */
    return fmt("tc_atomic_%s_%s(%s, %s, %s)", k, tsig(t), p, a, mo);
  if (at == AT_MAX || at == AT_MIN || at == AT_UMAX || at == AT_UMIN) /* the type says signed or not */
    return fmt("tc_atomic_%s_%s(%s, %s, %s)", at == AT_MAX || at == AT_UMAX ? "max" : "min", tsig(t), p, a, mo);
  if (at == AT_XCHG)
    return dt_is_float(t) ? fmt("tc_atomic_xchg_%s(%s, %s, %s)", tsig(t), p, a, mo)
                          : fmt("__atomic_exchange_n(%s, %s, %s)", p, a, mo);
  (void)elt;
  return fmt("__atomic_fetch_%s(%s, %s, %s)", k, p, a, mo);
}

void emit_atomic(Em *E, Op *op) {
  Value *r = op->out[0];
  Shape s = r->sh;
  bool masked = op->atom != AT_CAS && op->nin > 2;
  const char *const *idx = s.rank ? IDX : NULL;
  const char *zero = dt_is_float(r->dt) ? "0.0f" : "0";
  if (r->dt == DT_F64)
    zero = "0.0";
  bool used = r->uses > 0;
  if (s.rank && used)
    line(E, "%s;", decl_of(E, r));
  open_loops(E, s, IDX, false);
  const char *e = atomic_expr(E, op, idx);
  if (!used && masked) { /* the old value is not needed */
    line(E, "if (%s)", access(E, op->in[2], idx));
    line(E, "  (void)%s;", e);
  } else if (!used) {
    line(E, "(void)%s;", e);
  } else if (masked) {
    e = fmt("%s ? %s : %s", access(E, op->in[2], idx), e, zero);
  }
  if (!used)
    ;
  else if (s.rank)
    line(E, "%s%s = %s;", cname(E, r), index_str(s, IDX), e);
  else
    line(E, "%s = %s;", const_decl(ctype(r->dt, r->elt), cname(E, r)), e);
  close_loops(E, s);
}
