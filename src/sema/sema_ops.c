/* sema_ops.c — Triton's typing rules for tensor arithmetic.
 *
 * Follows triton/language/semantic.py: Python numbers are weakly typed (a scalar of a lower or
 * equal kind — bool < int < float — takes the tensor's type), fp16/bf16 division and modulo
 * compute in fp32, integers promote like C's usual arithmetic conversions, integer // and %
 * truncate like C, int / int is fp32. Constexpr (Python) values fold with Python semantics.
 */
#include "sema.h"

#include <math.h>
#include <string.h>

#include "../../runtime/tc_helpers.h" /* fp16/bf16 rounding of constants, as the device does */

/* fp8 values are bits to move and convert: Triton 3.6 cannot lower arithmetic, compares, math
 * or reductions on them either (they compute after .to(tl.float16/32)). */
static bool fp8_computes(OpKind k) {
  int c = op_class[k];
  if (k == O_CAST || k == O_BITCAST || k == O_SELECT)
    return false;
  return c == K_UNARY || c == K_BINARY || c == K_CMP || c == K_TERNARY || c == K_RED ||
         k == O_DOT || k == O_SORT || k == O_ATOMIC;
}

Value *emit1(Sema *S, OpKind k, Loc loc, DType dt, Shape sh, int nin, Value **in) {
  for (int i = 0; i < nin && fp8_computes(k); i++)
    if (dt_is_fp8(in[i]->dt))
      error_at(loc, "%s on %s values: fp8 tensors can only be loaded, stored, converted and moved; "
               "convert with .to(tl.float32) first", op_names[k], dt_name(in[i]->dt, DT__COUNT));
  Op *op = ir_op(S->cur, k, loc, nin, in);
  return ir_result(S->k, op, dt, sh);
}

/* A constant takes its dtype's value: floats round (70000.0 is inf in fp16), ints wrap. */
static double round_float(DType dt, double f) {
  switch (dt) {
  case DT_F32: return (double)(float)f;
  case DT_F16: return (double)tc_f16_to_f32(tc_f32_to_f16((float)f));
  case DT_BF16: return (double)tc_bf16_to_f32(tc_f32_to_bf16((float)f));
  case DT_F8E4NV: case DT_F8E5: case DT_F8E4B15: return fp8_decode(dt, fp8_encode(dt, f, false));
  default: return f;
  }
}

static int64_t wrap_int(DType dt, int64_t i) {
  int bits = dt_bits(dt);
  if (bits >= 64 || dt == DT_I1)
    return i;
  uint64_t m = (1ull << bits) - 1, u = (uint64_t)i & m;
  if (dt_is_signed(dt) && (u >> (bits - 1)))
    return (int64_t)(u | ~m);
  return (int64_t)u;
}

Value *const_value(Sema *S, Loc loc, DType dt, int64_t i, double f) {
  Op *op = ir_op(S->cur, O_CONST, loc, 0, NULL);
  if (dt_is_float(dt)) {
    op->fval = round_float(dt, f);
  } else {
    i = wrap_int(dt, i);
    op->ival = dt == DT_I1 ? (i != 0) : i;
    op->fval = (double)i;
  }
  return ir_result(S->k, op, dt, (Shape){0});
}

// Python int -> int32 / uint32 / int64 / uint64; float -> fp32 (fp64 if out of fp32 range)
DType number_dtype(Sema *S, Loc loc, SVal *v) {
  (void)S;
  if (v->k == SV_BOOL)
    return DT_I1;
  if (v->k == SV_INT) {
    if (v->u64)
      return DT_U64;
    if (v->i >= -2147483648LL && v->i < 2147483648LL)
      return DT_I32;
    if (v->i >= 2147483648LL && v->i < 4294967296LL)
      return DT_U32;
    return DT_I64;
  }
  if (v->k == SV_FLOAT) {
    double a = fabs(v->f);
    if (isinf(a) || a == 0 || isnan(a) || (a >= 0x1p-126 && a <= 0x1.fffffep127))
      return DT_F32;
    return DT_F64;
  }
  error_at(loc, "expected a number or a tensor, got %s", sv_kind_name(v));
}

Value *to_tensor_as(Sema *S, Loc loc, SVal *v, DType dt) {
  if (v->k == SV_TENSOR)
    return cast_to(S, loc, v->v, dt);
  if (!sv_is_number(v))
    error_at(loc, "expected a number or a tensor, got %s", sv_kind_name(v));
  if (dt_is_float(dt))
    return const_value(S, loc, dt, 0, v->k == SV_FLOAT ? v->f : (double)v->i);
  if (v->k == SV_FLOAT)
    return const_value(S, loc, dt, (int64_t)v->f, v->f);
  return const_value(S, loc, dt, v->i, 0);
}

Value *to_tensor(Sema *S, Loc loc, SVal *v) {
  if (v->k == SV_TENSOR)
    return v->v;
  return to_tensor_as(S, loc, v, number_dtype(S, loc, v));
}

/* The conversions Triton 3.6 has for fp8 (FpToFpOp on sm_90): fp8 <-> fp16 / bf16 / fp32, to
 * fp8 rounding to nearest even, or toward zero from fp32 to float8e5 only. */
static void check_fp8_cast(Loc loc, DType from, DType to, int rounding) {
  DType other = dt_is_fp8(from) ? to : from;
  if (dt_is_fp8(from) && dt_is_fp8(to))
    error_at(loc, "cannot convert %s to %s directly (Triton has no fp8-to-fp8 conversion): go through "
             "tl.float16 or tl.float32", dtype_info[from].sig, dtype_info[to].sig);
  if (other != DT_F16 && other != DT_BF16 && other != DT_F32)
    error_at(loc, "cannot convert %s to %s: Triton converts fp8 only to and from fp16, bf16 and "
             "fp32", dtype_info[from].sig, dtype_info[to].sig);
  if (rounding == CAST_RTZ && dt_is_fp8(to) && !(from == DT_F32 && to == DT_F8E5))
    error_at(loc, "fp_downcast_rounding='rtz' to fp8 exists only from fp32 to float8e5 in Triton");
}

/* A pointer as an integer: Triton's cast gives its address (ptrtoint) as int64, and compares it
 * with 0 for int1; storing a pointer tile into an int64 buffer casts so. */
static Value *ptr_to_int(Sema *S, Loc loc, Value *v, DType dt) {
  if (dt != DT_I64 && dt != DT_U64 && dt != DT_I1)
    error_at(loc, "cannot cast %s to %s (a pointer becomes int64, uint64 or int1 only)",
             dt_name(v->dt, v->elt), dtype_info[dt].sig);
  Value *r = emit1(S, O_BITCAST, loc, dt == DT_I1 ? DT_I64 : dt, v->sh, 1, &v);
  return dt == DT_I1 ? cast_to(S, loc, r, DT_I1) : r;
}

Value *cast_round(Sema *S, Loc loc, Value *v, DType dt, int rounding) {
  if (v->dt == dt)
    return v;
  if (v->dt == DT_PTR && dt != DT_PTR)
    return ptr_to_int(S, loc, v, dt);
  if (v->dt == DT_PTR || dt == DT_PTR)
    error_at(loc, "cannot cast %s to %s", dt_name(v->dt, v->elt), dtype_info[dt].sig);
  bool downcast = dt_is_float(v->dt) && dt_is_float(dt) && dt_bits(dt) < dt_bits(v->dt);
  if (!downcast)
    rounding = 0; /* Triton applies fp_downcast_rounding to float downcasts only */
  if (dt_is_fp8(v->dt) || dt_is_fp8(dt))
    check_fp8_cast(loc, v->dt, dt, rounding);
  else if (rounding == CAST_RTZ && !(v->dt == DT_F32 && (dt == DT_F16 || dt == DT_BF16)))
    error_at(loc, "fp_downcast_rounding='rtz' from %s to %s: Triton rounds toward zero only from "
             "fp32 (to fp16, bf16 or float8e5)", dtype_info[v->dt].sig, dtype_info[dt].sig);
  if (rounding) {
    Value *r = emit1(S, O_CAST, loc, dt, v->sh, 1, &v);
    r->def->flags |= rounding;
    return r;
  }
  return cast_to(S, loc, v, dt);
}

Value *cast_to(Sema *S, Loc loc, Value *v, DType dt) {
  if (v->dt == dt)
    return v;
  if (v->dt == DT_PTR && dt != DT_PTR)
    return ptr_to_int(S, loc, v, dt);
  if (v->dt == DT_PTR || dt == DT_PTR)
    error_at(loc, "cannot cast %s to %s", dt_name(v->dt, v->elt), dtype_info[dt].sig);
  if (dt_is_fp8(v->dt) || dt_is_fp8(dt))
    check_fp8_cast(loc, v->dt, dt, 0);
  if (v->def && v->def->k == O_CONST && v->sh.rank == 0) {
    Op *c = v->def;
    if (dt_is_float(dt))
      return const_value(S, loc, dt, 0, dt_is_float(v->dt) ? c->fval : (double)c->ival);
    if (dt == DT_I1)
      return const_value(S, loc, dt, dt_is_float(v->dt) ? c->fval != 0 : c->ival != 0, 0);
    if (!dt_is_float(v->dt) && dt_bits(dt) == 64)
      return const_value(S, loc, dt, c->ival, 0);
    if (!dt_is_float(v->dt) && c->ival == 0)
      return const_value(S, loc, dt, 0, 0); /* 0 in every integer type (a load's other=0) */
  }
  return emit1(S, O_CAST, loc, dt, v->sh, 1, &v);
}

Value *bitcast_to(Sema *S, Loc loc, Value *v, DType dt) {
  if (v->dt == dt)
    return v;
  if (dt_bits(v->dt) != dt_bits(dt) || v->dt == DT_PTR || dt == DT_PTR)
    error_at(loc, "cannot bitcast %s to %s: sizes differ", dt_name(v->dt, v->elt),
             dtype_info[dt].sig);
  return emit1(S, O_BITCAST, loc, dt, v->sh, 1, &v);
}

#define TRITON_MAX_NUMEL 1048576

void check_shape(Sema *S, Loc loc, Shape sh) {
  (void)S;
  int64_t n = shape_numel(sh);
  if (n > TRITON_MAX_NUMEL)
    error_at(loc, "tile %s has %lld elements, over Triton's limit of %d", shape_str(sh),
             (long long)n, TRITON_MAX_NUMEL);
}

Shape broadcast_shapes(Sema *S, Loc loc, Shape a, Shape b) {
  (void)S;
  Shape r = a.rank >= b.rank ? a : b;
  for (int i = 0; i < r.rank; i++) {
    int ia = i - (r.rank - a.rank), ib = i - (r.rank - b.rank);
    int da = ia >= 0 ? a.d[ia] : 1, db = ib >= 0 ? b.d[ib] : 1;
    if (da != db && da != 1 && db != 1)
      error_at(loc, "shape mismatch: cannot broadcast %s and %s (dimension %d: %d vs %d)",
               shape_str(a), shape_str(b), i, da, db);
    r.d[i] = da == 1 ? db : da;
  }
  return r;
}

Value *reshape_to(Sema *S, Loc loc, Value *v, Shape sh) {
  if (shape_eq(v->sh, sh))
    return v;
  if (shape_numel(v->sh) != shape_numel(sh))
    error_at(loc, "cannot reshape %s to %s: element counts differ", shape_str(v->sh),
             shape_str(sh));
  Value *r = emit1(S, v->sh.rank == 0 ? O_SPLAT : O_RESHAPE, loc, v->dt, sh, 1, &v);
  r->elt = v->elt;
  return r;
}

Value *broadcast_to(Sema *S, Loc loc, Value *v, Shape sh) {
  if (shape_eq(v->sh, sh))
    return v;
  Value *r;
  if (v->sh.rank == 0) {
    r = emit1(S, O_SPLAT, loc, v->dt, sh, 1, &v);
  } else {
    if (v->sh.rank > sh.rank)
      error_at(loc, "cannot broadcast %s to %s", shape_str(v->sh), shape_str(sh));
    Shape full = broadcast_shapes(S, loc, v->sh, sh);
    if (!shape_eq(full, sh))
      error_at(loc, "cannot broadcast %s to %s", shape_str(v->sh), shape_str(sh));
    if (v->sh.rank < sh.rank) {
      Shape e = {sh.rank, {0}};
      for (int i = 0; i < sh.rank; i++) {
        int j = i - (sh.rank - v->sh.rank);
        e.d[i] = j >= 0 ? v->sh.d[j] : 1;
      }
      v = reshape_to(S, loc, v, e);
      if (shape_eq(v->sh, sh))
        return v;
    }
    r = emit1(S, O_BROADCAST, loc, v->dt, sh, 1, &v);
  }
  r->elt = v->elt;
  return r;
}

static int kind_rank(DType t) { return t == DT_I1 ? 0 : dt_is_int(t) ? 1 : 2; }

static DType integer_promote(DType a, DType b) {
  int ra = dt_bits(a), rb = dt_bits(b);
  bool ua = dt_is_unsigned(a), ub = dt_is_unsigned(b);
  if (ua == ub)
    return ra > rb ? a : b;
  if (ua)
    return ra >= rb ? a : b;
  return rb >= ra ? b : a;
}

// computation_type_impl: the dtype a binary operation computes in
static DType computation_type(Sema *S, Loc loc, DType a, bool a_sc, DType b, bool b_sc,
                              bool div_or_mod) {
  (void)S;
  if (a_sc != b_sc) {
    DType sc = a_sc ? a : b, te = a_sc ? b : a;
    if (kind_rank(sc) <= kind_rank(te)) {
      if (div_or_mod && (te == DT_F16 || te == DT_BF16))
        return DT_F32;
      return te;
    }
  }
  if (a == DT_F64 || b == DT_F64)
    return DT_F64;
  if (a == DT_F32 || b == DT_F32)
    return DT_F32;
  if (a == DT_F16 || b == DT_F16)
    return div_or_mod ? DT_F32 : DT_F16;
  if (a == DT_BF16 && b == DT_BF16)
    return div_or_mod ? DT_F32 : DT_BF16;
  if (a == DT_BF16 || b == DT_BF16)
    return DT_F32;
  if (div_or_mod && dt_is_unsigned(a) != dt_is_unsigned(b))
    /* worded as Triton words it ("Cannot use ... because they have different signedness"):
     * programs and Triton's tests match on it */
    error_at(loc, "Cannot use /, // or %% with %s and %s because they have different signedness; "
                  "cast them to the same signedness",
             dtype_info[a].name, dtype_info[b].name);
  return integer_promote(a, b);
}

static void check_scalar_range(Sema *S, Loc loc, SVal *v, DType t) {
  (void)S;
  if (v->k != SV_INT || !dt_is_int(t) || v->u64)
    return;
  if (dt_is_unsigned(t) && v->i < 0)
    error_at(loc, "cannot combine an unsigned tensor with the negative scalar %lld; cast one "
                  "of them explicitly", (long long)v->i);
  int bits = dt_bits(t);
  if (bits < 64) {
    int64_t lo = dt_is_unsigned(t) ? 0 : -(1LL << (bits - 1));
    int64_t hi = dt_is_unsigned(t) ? (1LL << bits) - 1 : (1LL << (bits - 1)) - 1;
    if (t == DT_I1)
      lo = 0, hi = 1;
    if (v->i < lo || v->i > hi)
      error_at(loc, "scalar %lld is out of range for %s", (long long)v->i, dtype_info[t].name);
  }
}

// binary_op_type_checking_impl (pointer operands are left for the caller)
void promote_pair(Sema *S, Loc loc, SVal *a, SVal *b, bool div_or_mod, Value **ra, Value **rb) {
  Value *va = to_tensor(S, loc, a), *vb = to_tensor(S, loc, b);
  if (va->dt != DT_PTR && vb->dt != DT_PTR) {
    DType t = computation_type(S, loc, va->dt, a->k != SV_TENSOR, vb->dt, b->k != SV_TENSOR,
                               div_or_mod);
    check_scalar_range(S, loc, a, t);
    check_scalar_range(S, loc, b, t);
    va = a->k != SV_TENSOR ? to_tensor_as(S, loc, a, t) : cast_to(S, loc, va, t);
    vb = b->k != SV_TENSOR ? to_tensor_as(S, loc, b, t) : cast_to(S, loc, vb, t);
  }
  Shape sh = broadcast_shapes(S, loc, va->sh, vb->sh);
  *ra = broadcast_to(S, loc, va, sh);
  *rb = broadcast_to(S, loc, vb, sh);
}

/* promote_pair for the tl.* functions: a pointer operand must meet a pointer of its own type (a
 * tl.where between two pointer tiles), never a number (`min(x, ptr)` compared a float with a
 * pointer in the C). */
void promote_same(Sema *S, Loc loc, SVal *a, SVal *b, bool div_or_mod, Value **ra, Value **rb) {
  promote_pair(S, loc, a, b, div_or_mod, ra, rb);
  Value *x = *ra, *y = *rb;
  if ((x->dt == DT_PTR || y->dt == DT_PTR) && (x->dt != y->dt || x->elt != y->elt))
    error_at(loc, "invalid operands of type %s and %s", dt_name(x->dt, x->elt),
             dt_name(y->dt, y->elt));
}

Value *tensor_binop(Sema *S, Loc loc, OpKind k, Value *a, Value *b) {
  Shape sh = broadcast_shapes(S, loc, a->sh, b->sh);
  a = broadcast_to(S, loc, a, sh);
  b = broadcast_to(S, loc, b, sh);
  Value *in[2] = {a, b};
  Value *r = emit1(S, k, loc, a->dt, sh, 2, in);
  r->elt = a->elt;
  return r;
}

Value *tensor_cmp(Sema *S, Loc loc, OpKind k, Value *a, Value *b) {
  Shape sh = broadcast_shapes(S, loc, a->sh, b->sh);
  /* x != x on integers (a NaN test written for any dtype, as Inductor's helpers do): decided
   * here, so C does not see a self-comparison (-Wtautological-compare) */
  if (a == b && a->dt != DT_PTR && !dt_is_float(a->dt))
    return broadcast_to(S, loc, const_value(S, loc, DT_I1, k == O_EQ || k == O_LE || k == O_GE, 0),
                        sh);
  Value *in[2] = {broadcast_to(S, loc, a, sh), broadcast_to(S, loc, b, sh)};
  return emit1(S, k, loc, DT_I1, sh, 2, in);
}

/* A condition, as Triton's cast to int1: a number compared with 0, a pointer's address too
 * (`if w_ptr:` on a pointer argument a library may pass as None: true for any tensor) */
Value *to_bool(Sema *S, Loc loc, Value *v) {
  if (v->dt == DT_I1)
    return v;
  if (v->dt == DT_PTR)
    return ptr_to_int(S, loc, v, DT_I1);
  return tensor_cmp(S, loc, O_NE, v, const_value(S, loc, v->dt, 0, 0));
}

Value *tensor_select(Sema *S, Loc loc, Value *c, Value *a, Value *b) {
  Shape sh = broadcast_shapes(S, loc, c->sh, broadcast_shapes(S, loc, a->sh, b->sh));
  Value *in[3] = {broadcast_to(S, loc, to_bool(S, loc, c), sh), broadcast_to(S, loc, a, sh),
                  broadcast_to(S, loc, b, sh)};
  Value *r = emit1(S, O_SELECT, loc, a->dt, sh, 3, in);
  r->elt = a->elt;
  return r;
}

static Value *ptr_offset(Sema *S, Loc loc, Value *p, Value *off, bool negate) {
  if (!dt_is_int(off->dt))
    error_at(loc, "pointer arithmetic needs an integer offset, got %s", dtype_info[off->dt].name);
  if (dt_is_unsigned(off->dt) && dt_bits(off->dt) < 64)
    off = cast_to(S, loc, off, DT_I64);
  if (off->dt == DT_I1 || dt_bits(off->dt) < 32)
    off = cast_to(S, loc, off, DT_I32);
  if (negate) {
    Value *z = const_value(S, loc, off->dt, 0, 0);
    off = tensor_binop(S, loc, O_SUB, z, off);
  }
  Shape sh = broadcast_shapes(S, loc, p->sh, off->sh);
  Value *in[2] = {broadcast_to(S, loc, p, sh), broadcast_to(S, loc, off, sh)};
  Value *r = emit1(S, O_PTRADD, loc, DT_PTR, sh, 2, in);
  r->elt = p->elt;
  return r;
}

/* An integer division by a constant zero has no defined result in Triton either (Python raises
 * ZeroDivisionError on constexprs; the GPU's answer is unspecified), and C compilers reject it. */
static void int_divisor(Loc loc, Value *y) {
  while (y->def && (y->def->k == O_SPLAT || y->def->k == O_BROADCAST))
    y = y->def->in[0];
  if (y->def && y->def->k == O_CONST && y->def->ival == 0)
    error_at(loc, "integer division by zero");
}

static bool is_number_or_tensor(const SVal *v) {
  return v->k == SV_TENSOR || v->k == SV_INT || v->k == SV_FLOAT || v->k == SV_BOOL;
}

/* `x & y` (| ^ << >>) with a float operand: Triton rejects it with "invalid operands of type
 * A and B" naming the operands' own types (before promotion), which programs and Triton's
 * tests match on. */
static void check_bitwise_operands(Sema *S, Loc loc, PyOp op, SVal *a, SVal *b) {
  if (!is_number_or_tensor(a) || !is_number_or_tensor(b))
    return;
  DType ta = a->k == SV_TENSOR ? a->v->dt : number_dtype(S, loc, a);
  DType tb = b->k == SV_TENSOR ? b->v->dt : number_dtype(S, loc, b);
  if ((dt_is_float(ta) || dt_is_float(tb)) && ta != DT_PTR && tb != DT_PTR)
    error_at(loc, "invalid operands of type %s and %s for '%s': it needs integer operands",
             dtype_info[ta].name, dtype_info[tb].name, pyop_names[op]);
}

static DType signed_of(DType t) {
  switch (t) {
  case DT_U8: return DT_I8;
  case DT_U16: return DT_I16;
  case DT_U32: return DT_I32;
  case DT_U64: return DT_I64;
  default: return t;
  }
}

/* x >> y: Triton shifts arithmetically when the tensor operand's own type is signed and
 * logically when it is unsigned, on the promoted operands: int8 >> uint32 sign-extends x to
 * 32 bits and shifts arithmetically although the result type is uint32. */
static Value *shift_right(Sema *S, Loc loc, SVal *a, SVal *b, Value *x, Value *y) {
  SVal *t = a->k == SV_TENSOR ? a : b;
  if (t->k != SV_TENSOR || !dt_is_signed(t->v->dt) || !dt_is_unsigned(x->dt))
    return tensor_binop(S, loc, O_SHR, x, y);
  DType u = x->dt, s = signed_of(u);
  Value *r = tensor_binop(S, loc, O_SHR, cast_to(S, loc, x, s), cast_to(S, loc, y, s));
  return cast_to(S, loc, r, u);
}

static Value *arith(Sema *S, Loc loc, PyOp op, SVal *a, SVal *b) {
  bool divmod = op == OP_DIV || op == OP_FLOORDIV || op == OP_MOD;
  Value *x, *y;
  if (op == OP_BITAND || op == OP_BITOR || op == OP_BITXOR || op == OP_LSHIFT || op == OP_RSHIFT)
    check_bitwise_operands(S, loc, op, a, b);
  promote_pair(S, loc, a, b, divmod, &x, &y);
  if (x->dt == DT_PTR || y->dt == DT_PTR) {
    if (op == OP_ADD && x->dt == DT_PTR && y->dt != DT_PTR)
      return ptr_offset(S, loc, x, y, false);
    if (op == OP_ADD && y->dt == DT_PTR && x->dt != DT_PTR)
      return ptr_offset(S, loc, y, x, false);
    if (op == OP_SUB && x->dt == DT_PTR && y->dt != DT_PTR)
      return ptr_offset(S, loc, x, y, true);
    error_at(loc, "invalid operands of type %s and %s for '%s'", dt_name(x->dt, x->elt),
             dt_name(y->dt, y->elt), pyop_names[op]);
  }
  DType t = x->dt;
  switch (op) {
  case OP_ADD: return tensor_binop(S, loc, O_ADD, x, y);
  case OP_SUB: return tensor_binop(S, loc, O_SUB, x, y);
  case OP_MUL: return tensor_binop(S, loc, O_MUL, x, y);
  case OP_DIV:
    if (!dt_is_float(t)) {
      x = cast_to(S, loc, x, DT_F32);
      y = cast_to(S, loc, y, DT_F32);
    }
    return tensor_binop(S, loc, O_DIV, x, y);
  case OP_FLOORDIV:
    if (dt_is_float(t))
      error_at(loc, "'//' is not supported on %s tensors (Triton allows it on integers only)",
               dtype_info[t].name);
    int_divisor(loc, y);
    return tensor_binop(S, loc, O_DIV, x, y);
  case OP_MOD:
    if (!dt_is_float(t))
      int_divisor(loc, y);
    return tensor_binop(S, loc, O_MOD, x, y);
  default: break;
  }
  if (dt_is_float(t))
    error_at(loc, "operator '%s' needs integer operands, got %s", pyop_names[op],
             dtype_info[t].name);
  switch (op) {
  case OP_BITAND: return tensor_binop(S, loc, O_AND, x, y);
  case OP_BITOR: return tensor_binop(S, loc, O_OR, x, y);
  case OP_BITXOR: return tensor_binop(S, loc, O_XOR, x, y);
  case OP_LSHIFT: return tensor_binop(S, loc, O_SHL, x, y);
  case OP_RSHIFT: return shift_right(S, loc, a, b, x, y);
  default: die("arith: unexpected operator %s", pyop_names[op]);
  }
}

static OpKind cmp_kind(PyOp op) {
  switch (op) {
  case OP_LT: return O_LT;
  case OP_LE: return O_LE;
  case OP_GT: return O_GT;
  case OP_GE: return O_GE;
  case OP_EQ: return O_EQ;
  default: return O_NE;
  }
}

SVal *binary(Sema *S, Loc loc, PyOp op, SVal *a, SVal *b) {
  if (a->k != SV_TENSOR && b->k != SV_TENSOR)
    return py_binary(S, loc, op, a, b);
  switch (op) {
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_FLOORDIV: case OP_MOD:
  case OP_BITAND: case OP_BITOR: case OP_BITXOR: case OP_LSHIFT: case OP_RSHIFT:
    return sv_tensor(arith(S, loc, op, a, b));
  case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: {
    Value *x, *y;
    promote_pair(S, loc, a, b, false, &x, &y);
    if (x->dt == DT_PTR || y->dt == DT_PTR) /* Triton's comparisons take no pointer operand */
      error_at(loc, "invalid operands of type %s and %s for '%s'", dt_name(x->dt, x->elt),
               dt_name(y->dt, y->elt), pyop_names[op]);
    return sv_tensor(tensor_cmp(S, loc, cmp_kind(op), x, y));
  }
  case OP_AND: case OP_OR: {
    Value *x = to_bool(S, loc, to_tensor(S, loc, a)), *y = to_bool(S, loc, to_tensor(S, loc, b));
    return sv_tensor(tensor_binop(S, loc, op == OP_AND ? O_AND : O_OR, x, y));
  }
  case OP_POW:
    error_at(loc, "'**' is not supported on tensors; use libdevice.pow");
  case OP_MATMUL: /* core.py: tensor.__matmul__ is dot(self, other) */
    return sv_tensor(sema_dot(S, loc, to_tensor(S, loc, a), to_tensor(S, loc, b), NULL, NULL,
                              DT_F32, -1));
  case OP_IS: case OP_ISNOT:
    return sv_bool((op == OP_ISNOT) ^ (a == b));
  default:
    error_at(loc, "operator '%s' is not supported on tensors", pyop_names[op]);
  }
}

SVal *unary(Sema *S, Loc loc, PyOp op, SVal *a) {
  if (a->k != SV_TENSOR) {
    if (op == OP_NOT)
      return sv_bool(!sv_truthy(S, loc, a));
    return py_binary(S, loc, op, a, NULL);
  }
  Value *v = a->v;
  switch (op) {
  case OP_POS:
    return a;
  case OP_NEG:
    if (v->dt == DT_PTR)
      error_at(loc, "wrong type argument to unary minus (%s)", dt_name(v->dt, v->elt));
    return sv_tensor(tensor_binop(S, loc, O_SUB, const_value(S, loc, v->dt, 0, 0), v));
  case OP_NOT:
    return sv_tensor(emit1(S, O_NOT, loc, DT_I1, v->sh, 1, (Value *[]){to_bool(S, loc, v)}));
  case OP_INVERT:
    if (v->dt == DT_PTR || dt_is_float(v->dt))
      error_at(loc, "wrong type argument to unary invert (%s)", dt_name(v->dt, v->elt));
    if (v->dt == DT_I1)
      return sv_tensor(emit1(S, O_NOT, loc, DT_I1, v->sh, 1, &v));
    return sv_tensor(tensor_binop(S, loc, O_XOR, v, const_value(S, loc, v->dt, -1, 0)));
  default:
    die("unary: unexpected operator %s", pyop_names[op]);
  }
}

/* ---- constexpr (Python) arithmetic ---- */

/* Python's ints are unbounded; a constexpr int here is an int64, or the bits of one in
 * [2**63, 2**64) (u64, as an unsigned literal). Arithmetic is done on 128 bits, so a step past
 * 64 bits on the way is exact (get_dtype_max(tl.int64) is 2 ** (64 - 1) - 1); a result outside
 * both ranges is an error. */
typedef __int128 PyInt;

static PyInt py_val(const SVal *v) { return v->u64 ? (PyInt)(uint64_t)v->i : (PyInt)v->i; }

static PyInt py_floordiv(PyInt a, PyInt b) {
  PyInt q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static PyInt py_mod(PyInt a, PyInt b) {
  PyInt r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

static _Noreturn void int_overflow(Loc loc) {
  error_at(loc, "integer overflow in a constant expression: the result does not fit in 64 bits");
}

/* a result as a constexpr int: int64, else the bits of a u64, else an overflow */
static SVal *py_int_val(Loc loc, PyInt r) {
  if (r >= INT64_MIN && r <= INT64_MAX)
    return sv_int((int64_t)r);
  if (r > 0 && r <= (PyInt)UINT64_MAX) {
    SVal *v = sv_int((int64_t)(uint64_t)r);
    v->u64 = true;
    return v;
  }
  int_overflow(loc);
}

/* x ** y for y >= 0 by squaring: 1 ** (1 << 60) answers at once instead of looping */
static PyInt py_int_pow(Loc loc, PyInt x, PyInt y) {
  PyInt r = 1;
  while (y > 0) {
    if ((y & 1) && __builtin_mul_overflow(r, x, &r))
      int_overflow(loc);
    y >>= 1;
    if (y > 0 && __builtin_mul_overflow(x, x, &x))
      int_overflow(loc);
  }
  return r;
}

/* -x and abs(x) of a Python int: -(-2**63) is 2**63, past int64 (C's negation is undefined) */
int64_t py_int_neg(Loc loc, int64_t x) {
  if (x == INT64_MIN)
    int_overflow(loc);
  return -x;
}

static SVal *py_int_op(Sema *S, Loc loc, PyOp op, PyInt x, PyInt y) {
  (void)S;
  PyInt r;
  switch (op) {
  case OP_ADD:
    if (__builtin_add_overflow(x, y, &r)) goto overflow;
    return py_int_val(loc, r);
  case OP_SUB:
    if (__builtin_sub_overflow(x, y, &r)) goto overflow;
    return py_int_val(loc, r);
  case OP_MUL:
    if (__builtin_mul_overflow(x, y, &r)) goto overflow;
    return py_int_val(loc, r);
  case OP_DIV:
    if (y == 0) error_at(loc, "division by zero in a constant expression");
    return sv_float((double)x / (double)y);
  case OP_FLOORDIV:
    if (y == 0) error_at(loc, "division by zero in a constant expression");
    return py_int_val(loc, py_floordiv(x, y));
  case OP_MOD:
    if (y == 0) error_at(loc, "modulo by zero in a constant expression");
    return py_int_val(loc, py_mod(x, y));
  case OP_POW:
    if (y < 0) return sv_float(pow((double)x, (double)y));
    return py_int_val(loc, py_int_pow(loc, x, y));
  case OP_LSHIFT: /* Python's ints: exact, so a result beyond 64 bits overflows */
    if (y < 0) error_at(loc, "negative shift count");
    if (x == 0) return sv_int(0);
    if (y >= 65 || __builtin_mul_overflow(x, (PyInt)1 << y, &r)) goto overflow;
    return py_int_val(loc, r);
  case OP_RSHIFT:
    if (y < 0) error_at(loc, "negative shift count");
    return py_int_val(loc, y >= 127 ? (x < 0 ? -1 : 0) : x >> y);
  case OP_BITAND: return py_int_val(loc, x & y);
  case OP_BITOR: return py_int_val(loc, x | y);
  case OP_BITXOR: return py_int_val(loc, x ^ y);
  case OP_LT: return sv_bool(x < y);
  case OP_LE: return sv_bool(x <= y);
  case OP_GT: return sv_bool(x > y);
  case OP_GE: return sv_bool(x >= y);
  case OP_EQ: return sv_bool(x == y);
  case OP_NE: return sv_bool(x != y);
  default: error_at(loc, "operator '%s' is not supported on integers", pyop_names[op]);
  }
overflow:
  int_overflow(loc);
}

static SVal *py_float_op(Sema *S, Loc loc, PyOp op, double x, double y) {
  (void)S;
  switch (op) {
  case OP_ADD: return sv_float(x + y);
  case OP_SUB: return sv_float(x - y);
  case OP_MUL: return sv_float(x * y);
  case OP_DIV:
    if (y == 0) error_at(loc, "division by zero in a constant expression");
    return sv_float(x / y);
  case OP_FLOORDIV: return sv_float(floor(x / y));
  case OP_MOD: {
    double r = fmod(x, y);
    if (r != 0 && ((r < 0) != (y < 0))) r += y;
    return sv_float(r);
  }
  case OP_POW: return sv_float(pow(x, y));
  case OP_LT: return sv_bool(x < y);
  case OP_LE: return sv_bool(x <= y);
  case OP_GT: return sv_bool(x > y);
  case OP_GE: return sv_bool(x >= y);
  case OP_EQ: return sv_bool(x == y);
  case OP_NE: return sv_bool(x != y);
  default: error_at(loc, "operator '%s' is not supported on floats", pyop_names[op]);
  }
}

static bool sv_equal(const SVal *a, const SVal *b) {
  if (a->k != b->k) {
    if (sv_is_number(a) && sv_is_number(b))
      return (a->k == SV_FLOAT ? a->f : (double)a->i) == (b->k == SV_FLOAT ? b->f : (double)b->i);
    return false;
  }
  switch (a->k) {
  case SV_NONE: return true;
  case SV_INT: case SV_BOOL: return a->i == b->i;
  case SV_FLOAT: return a->f == b->f;
  case SV_STR: return strcmp(a->s, b->s) == 0;
  case SV_DTYPE: return a->dt == b->dt && (a->dt != DT_PTR || a->elt == b->elt);
  case SV_TUPLE:
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
      if (!sv_equal(a->items[i], b->items[i])) return false;
    return true;
  default: return a == b;
  }
}

SVal *py_binary(Sema *S, Loc loc, PyOp op, SVal *a, SVal *b) {
  if (!b) { /* unary */
    if (a->k == SV_INT || a->k == SV_BOOL) {
      if (op == OP_NEG) return py_int_val(loc, -py_val(a));
      if (op == OP_POS) return py_int_val(loc, py_val(a));
      if (op == OP_INVERT) return py_int_val(loc, ~py_val(a));
    }
    if (a->k == SV_FLOAT && (op == OP_NEG || op == OP_POS))
      return sv_float(op == OP_NEG ? -a->f : a->f);
    error_at(loc, "bad operand %s for '%s'", sv_kind_name(a), pyop_names[op]);
  }
  if (op == OP_AND) return sv_truthy(S, loc, a) ? b : a;
  if (op == OP_OR) return sv_truthy(S, loc, a) ? a : b;
  if (op == OP_IS || op == OP_ISNOT) {
    bool same = a == b || (a->k == SV_NONE && b->k == SV_NONE) || (a->k == b->k && sv_equal(a, b) && a->k != SV_INT && a->k != SV_FLOAT);
    return sv_bool(op == OP_IS ? same : !same);
  }
  if (op == OP_EQ || op == OP_NE) {
    if (!(sv_is_number(a) && sv_is_number(b)))
      return sv_bool(sv_equal(a, b) == (op == OP_EQ));
  }
  if (op == OP_IN || op == OP_NOTIN) {
    if (b->k != SV_TUPLE)
      error_at(loc, "'in' needs a tuple or list on the right, got %s", sv_kind_name(b));
    bool found = false;
    for (int i = 0; i < b->n; i++)
      found |= sv_equal(a, b->items[i]);
    return sv_bool(found == (op == OP_IN));
  }
  if (op == OP_ADD && a->k == SV_TUPLE && b->k == SV_TUPLE) {
    SVal *t = sv_tuple(a->n + b->n);
    for (int i = 0; i < a->n; i++) t->items[i] = a->items[i];
    for (int i = 0; i < b->n; i++) t->items[a->n + i] = b->items[i];
    return t;
  }
  if (op == OP_MUL && ((a->k == SV_TUPLE && b->k == SV_INT) || (a->k == SV_INT && b->k == SV_TUPLE))) {
    SVal *t = a->k == SV_TUPLE ? a : b; /* (0,) * ndim: the items repeated, as Python's */
    int64_t times = a->k == SV_TUPLE ? b->i : a->i;
    if (times < 0)
      times = 0;
    if (t->n && times > 4096 / t->n)
      error_at(loc, "a tuple repeated to more than 4096 items");
    SVal *r = sv_tuple((int)(t->n * times));
    for (int64_t k = 0; k < times; k++)
      for (int i = 0; i < t->n; i++)
        r->items[k * t->n + i] = t->items[i];
    return r;
  }
  if (op >= OP_LT && op <= OP_GE && a->k == b->k && (a->k == SV_STR || a->k == SV_TUPLE)) {
    /* "3.6.0" >= "3.0" and Version tuples compare as Python orders them */
    int cmp = 0;
    if (a->k == SV_STR)
      cmp = strcmp(a->s, b->s);
    for (int i = 0; a->k == SV_TUPLE && !cmp && (i < a->n || i < b->n); i++)
      cmp = i >= a->n ? -1 : i >= b->n ? 1
          : sv_truthy(S, loc, py_binary(S, loc, OP_LT, a->items[i], b->items[i])) ? -1
          : sv_truthy(S, loc, py_binary(S, loc, OP_LT, b->items[i], a->items[i])) ? 1 : 0;
    return sv_bool(op == OP_LT ? cmp < 0 : op == OP_LE ? cmp <= 0 : op == OP_GT ? cmp > 0 : cmp >= 0);
  }
  if (op == OP_ADD && a->k == SV_STR && b->k == SV_STR) {
    SVal *s = sv_new(SV_STR);
    s->s = fmt("%s%s", a->s, b->s);
    return s;
  }
  if (!sv_is_number(a) || !sv_is_number(b))
    error_at(loc, "unsupported operand types for '%s': %s and %s", pyop_names[op],
             sv_kind_name(a), sv_kind_name(b));
  if (a->k != SV_FLOAT && b->k != SV_FLOAT) {
    SVal *r = py_int_op(S, loc, op, py_val(a), py_val(b));
    /* bool op bool stays bool for & | ^ in Python */
    if (a->k == SV_BOOL && b->k == SV_BOOL && (op == OP_BITAND || op == OP_BITOR || op == OP_BITXOR))
      r->k = SV_BOOL;
    return r;
  }
  double x = a->k == SV_FLOAT ? a->f : (double)py_val(a);
  double y = b->k == SV_FLOAT ? b->f : (double)py_val(b);
  return py_float_op(S, loc, op, x, y);
}
