/* builtins.c — tl.*, tl.math.*, libdevice.*, tensor methods and the Python builtins a kernel
 * may use. Each function gets a Call (positional + keyword arguments) and returns an SVal.
 * Semantics follow triton/language/core.py, standard.py and semantic.py.
 */
#include "sema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct Call {
  Loc loc;
  const char *name; /* e.g. "load" */
  SVal *self;
  SVal **args;
  int nargs;
  const char **kwn;
  SVal **kwv;
  int nkw;
  uint64_t kw_used; /* bit i: keyword i was asked for */
} Call;

typedef SVal *(*BuiltinFn)(Sema *S, Call *c);

/* Argument `pos` (positional; the bound receiver is position 0) or keyword `name`. */
static SVal *arg(Call *c, int pos, const char *name) {
  if (c->self) {
    if (pos == 0)
      return c->self;
    pos--;
  }
  if (pos >= 0 && pos < c->nargs)
    return c->args[pos];
  for (int i = 0; name && i < c->nkw; i++)
    if (strcmp(c->kwn[i], name) == 0) {
      c->kw_used |= 1ull << (i & 63);
      return c->kwv[i];
    }
  return NULL;
}

/* Keywords that only steer Triton's GPU code generation: accepted and ignored. */
static const char *const hint_kwargs[] = {
    "cache_modifier", "eviction_policy", "volatile", "num_stages",
    "loop_unroll_factor", "disallow_acc_multi_buffer", "flatten", "warp_specialize", "sem",
    "scope", "fp_downcast_rounding", "sanitize_overflow", "_builder", "_semantic",
    "input_precision", "allow_tf32", "max_num_imprecise_acc", NULL};

static void check_keywords(Sema *S, Call *c, const char *fullname) {
  for (int i = 0; i < c->nkw; i++) {
    if (c->kw_used & (1ull << (i & 63)))
      continue;
    bool hint = false;
    for (int j = 0; hint_kwargs[j]; j++)
      hint |= !strcmp(hint_kwargs[j], c->kwn[i]);
    Loc at = c->loc;
    for (int k = 0; S->call && k < S->call->kws.n; k++)
      if (!strcmp(S->call->kws.v[k]->str, c->kwn[i]))
        at = S->call->kws.v[k]->loc;
    if (!hint)
      error_at(at, "'%s' got an unexpected keyword argument '%s'", fullname, c->kwn[i]);
  }
}

static bool present(SVal *v) { return v && v->k != SV_NONE; }

static SVal *need(Call *c, int pos, const char *name) {
  SVal *v = arg(c, pos, name);
  if (!v)
    error_at(c->loc, "%s() is missing the argument '%s'", c->name, name);
  return v;
}

static Value *need_tensor(Sema *S, Call *c, int pos, const char *name) {
  return to_tensor(S, c->loc, need(c, pos, name));
}

static int64_t need_int(Call *c, int pos, const char *name) {
  SVal *v = need(c, pos, name);
  if (v->k != SV_INT && v->k != SV_BOOL)
    error_at(c->loc, "%s(): '%s' must be a constexpr integer, got %s", c->name, name,
             sv_kind_name(v));
  return v->i;
}

static DType need_dtype(Call *c, int pos, const char *name) {
  SVal *v = need(c, pos, name);
  if (v->k != SV_DTYPE)
    error_at(c->loc, "%s(): '%s' must be a dtype such as tl.float32, got %s", c->name, name,
             sv_kind_name(v));
  return v->dt;
}

static int norm_axis(Call *c, int64_t axis, int rank) {
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= (rank ? rank : 1))
    error_at(c->loc, "%s(): axis %lld is out of range for a tensor of rank %d", c->name,
             (long long)axis, rank);
  return (int)axis;
}

/* A shape given as a tuple/list or as the remaining positional arguments. */
static Shape shape_from(Call *c, SVal *v, int first_vararg) {
  Shape sh = {0, {0}};
  SVal **items = &v;
  int n = 1;
  if (v->k == SV_TUPLE) {
    items = v->items;
    n = v->n;
  } else if (first_vararg >= 0) {
    items = c->args + first_vararg;
    n = c->nargs - first_vararg;
  }
  if (n > MAXRANK)
    error_at(c->loc, "%s(): at most %d dimensions are supported", c->name, MAXRANK);
  for (int i = 0; i < n; i++) {
    if (items[i]->k != SV_INT)
      error_at(c->loc, "%s(): shape entries must be constexpr integers", c->name);
    if (items[i]->i <= 0 || (items[i]->i & (items[i]->i - 1)))
      error_at(c->loc, "%s(): shape element %d must be a power of 2, got %lld", c->name, i,
               (long long)items[i]->i);
    sh.d[sh.rank++] = (int)items[i]->i;
  }
  return sh;
}

static SVal *dtype_val(DType dt, DType elt) {
  SVal *v = sv_new(SV_DTYPE);
  v->dt = dt;
  v->elt = elt;
  return v;
}

/* ---- creation ---- */

// tl.program_id(axis) / tl.num_programs(axis)
static SVal *bi_program_id(Sema *S, Call *c) {
  int64_t axis = need_int(c, 0, "axis");
  if (axis < 0 || axis > 2)
    error_at(c->loc, "%s axis must be 0, 1, or 2 but got %lld", c->name, (long long)axis);
  OpKind k = strcmp(c->name, "program_id") == 0 ? O_PROGRAM_ID : O_NUM_PROGRAMS;
  Value *v = emit1(S, k, c->loc, DT_I32, (Shape){0}, 0, NULL);
  v->def->axis = (int)axis;
  return sv_tensor(v);
}

// tl.arange(start, end)
static SVal *bi_arange(Sema *S, Call *c) {
  int64_t lo = need_int(c, 0, "start"), hi = need_int(c, 1, "end");
  if (arg(c, 0, "start")->u64 || arg(c, 1, "end")->u64 || lo < INT32_MIN || lo > INT32_MAX ||
      hi < INT32_MIN || hi > INT32_MAX) /* checked first: end - start of wider values overflows */
    error_at(c->loc, "arange must fit in int32");
  if (hi <= lo)
    error_at(c->loc, "arange's end (%lld) must be greater than its start (%lld)", (long long)hi,
             (long long)lo);
  int64_t n = hi - lo;
  if (n & (n - 1))
    error_at(c->loc, "arange's range must be a power of 2, got %lld", (long long)n);
  if (lo < INT32_MIN || hi > INT32_MAX)
    error_at(c->loc, "arange must fit in int32");
  check_shape(S, c->loc, (Shape){1, {(int)(n > 0x7fffffff ? 0x7fffffff : n)}});
  Value *v = emit1(S, O_ARANGE, c->loc, DT_I32, (Shape){1, {(int)n}}, 0, NULL);
  v->def->ival = lo;
  return sv_tensor(v);
}

static SVal *full_of(Sema *S, Call *c, Shape sh, SVal *value, DType dt) {
  check_shape(S, c->loc, sh);
  Value *s = to_tensor_as(S, c->loc, value, dt);
  if (s->sh.rank)
    error_at(c->loc, "%s(): the fill value must be a scalar", c->name);
  return sv_tensor(broadcast_to(S, c->loc, s, sh));
}

// tl.zeros(shape, dtype) / tl.full(shape, value, dtype) / tl.zeros_like(x)
static SVal *bi_zeros(Sema *S, Call *c) {
  Shape sh = shape_from(c, need(c, 0, "shape"), -1);
  return full_of(S, c, sh, sv_int(0), need_dtype(c, 1, "dtype"));
}
static SVal *bi_full(Sema *S, Call *c) {
  Shape sh = shape_from(c, need(c, 0, "shape"), -1);
  return full_of(S, c, sh, need(c, 1, "value"), need_dtype(c, 2, "dtype"));
}
static SVal *bi_zeros_like(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  SVal *d = arg(c, 1, "dtype");
  return full_of(S, c, x->sh, sv_int(0), present(d) ? d->dt : x->dt);
}

// x.to(dtype, bitcast=False) / tl.cast(x, dtype, bitcast=False)
static SVal *bi_cast(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  SVal *d = need(c, 1, "dtype");
  if (d->k != SV_DTYPE)
    error_at(c->loc, "%s(): expected a dtype, got %s", c->name, sv_kind_name(d));
  SVal *bc = arg(c, 3, "bitcast");
  if (d->dt == DT_PTR) {
    /* Triton casts a pointer to another pointer type, and a 64-bit integer to a pointer
     * (inttoptr: test_core's test_where selects between addresses loaded as int64 and
     * cast with .to(tl.pi32_t)) */
    if (x->dt != DT_PTR && x->dt != DT_I64 && x->dt != DT_U64)
      error_at(c->loc, "cannot cast %s to a pointer type (only pointers and 64-bit integers "
               "can be)", dt_name(x->dt, x->elt));
    Value *r = emit1(S, O_BITCAST, c->loc, DT_PTR, x->sh, 1, &x);
    r->elt = d->elt;
    return sv_tensor(r);
  }
  if (present(bc) && sv_truthy(S, c->loc, bc))
    return sv_tensor(bitcast_to(S, c->loc, x, d->dt));
  SVal *rm = arg(c, 2, "fp_downcast_rounding");
  int rounding = 0;
  if (present(rm)) {
    if (rm->k != SV_STR || (strcmp(rm->s, "rtne") && strcmp(rm->s, "rtz")))
      error_at(c->loc, "%s(): fp_downcast_rounding must be 'rtne' or 'rtz'", c->name);
    rounding = !strcmp(rm->s, "rtz") ? CAST_RTZ : 0;
  }
  return sv_tensor(cast_round(S, c->loc, x, d->dt, rounding));
}

/* ---- memory ---- */

static void reject_block_ptr(Call *c, Value *p) {
  if (p->dt != DT_PTR)
    error_at(c->loc, "%s(): the pointer argument has type %s, not a pointer", c->name,
             dt_name(p->dt, p->elt));
}

static void reject_descriptor(Call *c, SVal *p) {
  if (p->k == SV_TDESC)
    error_at(c->loc, "%s(): a tensor descriptor is accessed with desc.%s(offsets%s), not tl.%s",
             c->name, c->name, strcmp(c->name, "store") ? "" : ", value", c->name);
}

// tl.load(pointer, mask=None, other=None, boundary_check, padding_option, cache_modifier, ...)
static SVal *bi_load(Sema *S, Call *c) {
  SVal *ps = need(c, 0, "pointer");
  SVal *m = arg(c, 1, "mask"), *o = arg(c, 2, "other");
  SVal *bc = arg(c, 3, "boundary_check"), *pad = arg(c, 4, "padding_option");
  reject_descriptor(c, ps);
  if (ps->k == SV_BLOCKPTR)
    return blockptr_load(S, c->loc, ps, bc, pad, present(m) || present(o));
  Value *p = to_tensor(S, c->loc, ps);
  reject_block_ptr(c, p);
  bool padded = present(pad) && !(pad->k == SV_STR && !pad->s[0]);
  if ((present(bc) && !(bc->k == SV_TUPLE && bc->n == 0)) || padded)
    error_at(c->loc, "load(): boundary_check and padding_option need a block pointer "
                     "(tl.make_block_ptr); a tensor of pointers is bounded with mask and other");
  Value *in[3] = {p, NULL, NULL};
  int nin = 1;
  if (present(m)) {
    Value *mv = to_bool(S, c->loc, to_tensor(S, c->loc, m));
    Shape sh = broadcast_shapes(S, c->loc, p->sh, mv->sh);
    in[0] = p = broadcast_to(S, c->loc, p, sh);
    in[1] = broadcast_to(S, c->loc, mv, sh);
    nin = 2;
    if (present(o)) {
      DType et = p->elt;
      Value *ov = to_tensor(S, c->loc, o);
      ov = ov->dt == DT_I1 && et != DT_I1 ? cast_to(S, c->loc, ov, et) : cast_to(S, c->loc, ov, et);
      in[2] = broadcast_to(S, c->loc, ov, sh);
      nin = 3;
    }
  } else if (present(o)) {
    /* other without mask is ignored, as in Triton */
  }
  Value *r = emit1(S, O_LOAD, c->loc, p->elt, p->sh, nin, in);
  SVal *vol = arg(c, 7, "volatile"); /* LOAD_VOLATILE: no copy kept across programs (emit_simd.c) */
  if (present(vol) && sv_truthy(S, c->loc, vol))
    r->def->flags |= LOAD_VOLATILE;
  return sv_tensor(r);
}

// tl.store(pointer, value, mask=None, boundary_check, cache_modifier, eviction_policy)
static SVal *bi_store(Sema *S, Call *c) {
  SVal *ps = need(c, 0, "pointer"), *m = arg(c, 2, "mask"), *bc = arg(c, 3, "boundary_check");
  reject_descriptor(c, ps);
  if (ps->k == SV_BLOCKPTR) {
    blockptr_store(S, c->loc, ps, need(c, 1, "value"), bc, present(m));
    return sv_new(SV_NONE);
  }
  Value *p = to_tensor(S, c->loc, ps);
  reject_block_ptr(c, p);
  if (p->dt == DT_PTR && p->cptr)
    error_at(c->loc, "Cannot store to a constant pointer (a tl.const parameter or a pointer "
                     "computed from one)");
  if (present(bc) && !(bc->k == SV_TUPLE && bc->n == 0))
    error_at(c->loc, "store(): boundary_check needs a block pointer (tl.make_block_ptr); a "
                     "tensor of pointers is bounded with mask");
  Value *v = need_tensor(S, c, 1, "value");
  if (v->sh.rank > p->sh.rank)
    error_at(c->loc, "store(): value of shape %s does not fit pointer of shape %s",
             shape_str(v->sh), shape_str(p->sh));
  /* *i1 memory holds bytes: a non-bool value keeps its low byte, as in Triton */
  DType mem = p->elt == DT_I1 && v->dt != DT_I1 ? DT_I8 : p->elt;
  v = broadcast_to(S, c->loc, cast_to(S, c->loc, v, mem), p->sh);
  Value *in[3] = {p, v, NULL};
  int nin = 2;
  if (present(m)) {
    Value *mv = to_bool(S, c->loc, to_tensor(S, c->loc, m));
    Shape sh = broadcast_shapes(S, c->loc, p->sh, mv->sh);
    in[0] = broadcast_to(S, c->loc, p, sh);
    in[1] = broadcast_to(S, c->loc, v, sh);
    in[2] = broadcast_to(S, c->loc, mv, sh);
    nin = 3;
  }
  ir_op(S->cur, O_STORE, c->loc, nin, in);
  return sv_new(SV_NONE);
}

// tl.make_block_ptr(base, shape, strides, offsets, block_shape, order)
static SVal *bi_make_block_ptr(Sema *S, Call *c) {
  return blockptr_make(S, c->loc, need(c, 0, "base"), need(c, 1, "shape"), need(c, 2, "strides"),
                       need(c, 3, "offsets"), need(c, 4, "block_shape"), need(c, 5, "order"));
}

// tl.advance(base, offsets)  /  block_ptr.advance(offsets)
static SVal *bi_advance(Sema *S, Call *c) {
  return blockptr_advance(S, c->loc, need(c, 0, "base"), need(c, 1, "offsets"));
}

// tl.make_tensor_descriptor(base, shape, strides, block_shape, padding_option="zero")
static SVal *bi_make_tdesc(Sema *S, Call *c) {
  return tdesc_make(S, c->loc, "make_tensor_descriptor", need(c, 0, "base"), need(c, 1, "shape"),
                    need(c, 2, "strides"), need(c, 3, "block_shape"), arg(c, 4, "padding_option"));
}

// desc.load(offsets)  /  tl.load_tensor_descriptor(desc, offsets)
static SVal *bi_tdesc_load(Sema *S, Call *c) {
  return tdesc_load(S, c->loc, need(c, 0, "desc"), need(c, 1, "offsets"));
}

// desc.store(offsets, value)  /  tl.store_tensor_descriptor(desc, offsets, value)
static SVal *bi_tdesc_store(Sema *S, Call *c) {
  tdesc_store(S, c->loc, need(c, 0, "desc"), need(c, 1, "offsets"), need(c, 2, "value"));
  return sv_new(SV_NONE);
}

// desc.atomic_add(offsets, value), atomic_min, atomic_max, atomic_and, atomic_or, atomic_xor
static SVal *bi_tdesc_atomic(Sema *S, Call *c) {
  tdesc_atomic(S, c->loc, strrchr(c->name, '_') + 1, need(c, 0, "desc"), need(c, 1, "offsets"),
               need(c, 2, "value"));
  return sv_new(SV_NONE);
}

/* ---- elementwise math ---- */

static const struct { const char *name; OpKind k; } math1[] = {
    {"exp", O_EXP}, {"exp2", O_EXP2}, {"log", O_LOG}, {"log2", O_LOG2}, {"log10", O_LOG10},
    {"log1p", O_LOG1P}, {"expm1", O_EXPM1}, {"sqrt", O_SQRT}, {"sqrt_rn", O_SQRT},
    {"rsqrt", O_RSQRT}, {"cbrt", O_CBRT}, {"sin", O_SIN}, {"cos", O_COS}, {"tan", O_TAN},
    {"asin", O_ASIN}, {"acos", O_ACOS}, {"atan", O_ATAN}, {"sinh", O_SINH}, {"cosh", O_COSH},
    {"tanh", O_TANH}, {"asinh", O_ASINH}, {"acosh", O_ACOSH}, {"atanh", O_ATANH},
    {"erf", O_ERF}, {"erfc", O_ERFC}, {"floor", O_FLOOR}, {"ceil", O_CEIL}, {"trunc", O_TRUNC},
    {"rint", O_RINT}, {"nearbyint", O_RINT}, {"round", O_ROUND}, {"fast_expf", O_EXP},
    {"fast_logf", O_LOG}, {"exp10", O_EXP}, {NULL, O_CONST}};

static OpKind math1_kind(const char *name) {
  for (int i = 0; math1[i].name; i++)
    if (strcmp(math1[i].name, name) == 0)
      return math1[i].k;
  return O_CONST;
}

static Value *float_operand(Sema *S, Call *c, Value *x) {
  (void)S;
  if (!dt_is_float(x->dt))
    error_at(c->loc, "%s() needs a floating-point operand, got %s", c->name,
             dtype_info[x->dt].name);
  return x;
}

// tl.exp(x), tl.math.sqrt(x), libdevice.tanh(x), ...
static SVal *bi_math1(Sema *S, Call *c) {
  Value *x = float_operand(S, c, need_tensor(S, c, 0, "x"));
  OpKind k = math1_kind(c->name);
  if (strcmp(c->name, "exp10") == 0) { /* 10^x = exp(x * ln 10) */
    Value *ln10 = const_value(S, c->loc, x->dt, 0, 2.302585092994045684);
    x = tensor_binop(S, c->loc, O_MUL, x, ln10);
  }
  return sv_tensor(emit1(S, k, c->loc, x->dt, x->sh, 1, &x));
}

// libdevice.j0 / j1 / y0 / y1 / cyl_bessel_i0 / cyl_bessel_i1 (x): Bessel functions
static SVal *bi_bessel(Sema *S, Call *c) {
  static const struct { const char *name; OpKind k; } fns[] = {
      {"j0", O_J0}, {"j1", O_J1}, {"y0", O_Y0}, {"y1", O_Y1}, {"cyl_bessel_i0", O_BESSEL_I0},
      {"cyl_bessel_i1", O_BESSEL_I1}, {NULL, O_CONST}};
  Value *x = float_operand(S, c, need_tensor(S, c, 0, "x"));
  if (x->dt != DT_F32 && x->dt != DT_F64)
    error_at(c->loc, "libdevice.%s() takes float32 or float64 (as libdevice), got %s", c->name,
             dtype_info[x->dt].name);
  int i = 0;
  while (fns[i].name && strcmp(fns[i].name, c->name))
    i++;
  return sv_tensor(emit1(S, fns[i].k, c->loc, x->dt, x->sh, 1, &x));
}

// libdevice.isnan / isinf / signbit: int1 results
static SVal *bi_fpclass(Sema *S, Call *c) {
  Value *x = float_operand(S, c, need_tensor(S, c, 0, "x"));
  OpKind k = !strcmp(c->name, "isnan") ? O_ISNAN : !strcmp(c->name, "isinf") ? O_ISINF : O_SIGNBIT;
  return sv_tensor(emit1(S, k, c->loc, DT_I1, x->sh, 1, &x));
}

// libdevice.finitef (fp32) / isfinited (fp64): int32, 1 where x is neither NaN nor infinite
static SVal *bi_finite(Sema *S, Call *c) {
  Value *x = float_operand(S, c, need_tensor(S, c, 0, "x"));
  DType want = !strcmp(c->name, "finitef") ? DT_F32 : DT_F64;
  if (x->dt != want)
    error_at(c->loc, "libdevice.%s takes %s, got %s (libdevice.%s is the other width's)", c->name,
             dtype_info[want].name, dtype_info[x->dt].name, want == DT_F32 ? "isfinited" : "finitef");
  Value *nan = emit1(S, O_ISNAN, c->loc, DT_I1, x->sh, 1, &x), *inf = emit1(S, O_ISINF, c->loc, DT_I1, x->sh, 1, &x);
  Value *bad = tensor_binop(S, c->loc, O_OR, nan, inf);
  Value *ok = emit1(S, O_NOT, c->loc, DT_I1, x->sh, 1, &bad);
  return sv_tensor(cast_to(S, c->loc, ok, DT_I32));
}

// tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack): the arguments become
// tensors broadcast to one shape (Triton's broadcast without arithmetic promotion); one result
// of that shape per dtype (a tuple of dtypes gives a tuple). Which target can run the assembly
// is the target's to say (the CUDA target emits it, the C target refuses it).
/* Every $N of the asm text must name one of the operands the constraints list (one constraint a
 * register); nvcc stops with an internal compiler error on a $N past them. */
static void check_asm_operands(Loc loc, const char *text, const char *cons) {
  int n = 1;
  for (const char *p = cons; *p; p++)
    n += *p == ',';
  for (const char *p = text; *p; p++) {
    if (*p != '$' || p[1] < '0' || p[1] > '9')
      continue;
    long v = 0;
    const char *q = p + 1;
    for (; *q >= '0' && *q <= '9' && v < 100000; q++)
      v = v * 10 + (*q - '0');
    if (v >= n)
      error_at(loc, "inline_asm_elementwise(): the asm names operand $%.*s, but the constraints "
               "\"%s\" give %d operand%s ($0..$%d)", (int)(q - p - 1), p + 1, cons, n,
               n == 1 ? "" : "s", n - 1);
    p = q - 1;
  }
}

static SVal *bi_inline_asm(Sema *S, Call *c) {
  SVal *asm_ = need(c, 0, "asm"), *cons = need(c, 1, "constraints"), *args = need(c, 2, "args");
  SVal *dts = need(c, 3, "dtype"), *pure = need(c, 4, "is_pure"), *pack = need(c, 5, "pack");
  if (asm_->k != SV_STR || cons->k != SV_STR)
    error_at(c->loc, "inline_asm_elementwise(): asm and constraints must be strings");
  if (args->k != SV_TUPLE)
    error_at(c->loc, "inline_asm_elementwise(): args must be a list or tuple of values, got %s",
             sv_kind_name(args));
  if (pack->k != SV_INT || pack->i < 1 || pack->i > 16)
    error_at(c->loc, "inline_asm_elementwise(): pack must be a constexpr integer from 1 to 16");
  bool multi = dts->k == SV_TUPLE;
  int nout = multi ? dts->n : 1;
  if (nout < 1)
    error_at(c->loc, "inline_asm_elementwise(): dtype must be a dtype or a tuple of dtypes");
  for (int i = 0; i < nout; i++) {
    SVal *d = multi ? dts->items[i] : dts;
    if (d->k != SV_DTYPE)
      error_at(c->loc, "inline_asm_elementwise(): result %d's dtype is %s, not a dtype", i,
               sv_kind_name(d));
    if (d->dt == DT_PTR || d->dt == DT_I1)
      error_at(c->loc, "inline_asm_elementwise(): result %d has dtype %s; a result must be a "
               "number (not int1 or a pointer)", i, dt_name(d->dt, d->elt));
  }
  check_asm_operands(c->loc, asm_->s, cons->s);
  int nin = args->n;
  Value **in = arena_alloc(sizeof(Value *) * (size_t)(nin + 1));
  Shape sh = {0};
  for (int i = 0; i < nin; i++) {
    in[i] = to_tensor(S, c->loc, args->items[i]);
    /* a bool has no register form (PTX has no 1-bit registers to pass): as for results */
    if (in[i]->dt == DT_I1)
      error_at(c->loc, "inline_asm_elementwise(): argument %d is an int1 (bool) tensor; convert "
               "it to a number first, e.g. .to(tl.int32)", i);
    sh = broadcast_shapes(S, c->loc, sh, in[i]->sh);
  }
  for (int i = 0; i < nin; i++)
    in[i] = broadcast_to(S, c->loc, in[i], sh);
  Op *op = ir_op(S->cur, O_ASM, c->loc, nin, in);
  op->str = asm_->s;
  op->aux = (void *)cons->s;
  op->ival = pack->i;
  op->flags = sv_truthy(S, c->loc, pure);
  SVal *r = sv_tuple(nout);
  for (int i = 0; i < nout; i++)
    r->items[i] = sv_tensor(ir_result(S->k, op, (multi ? dts->items[i] : dts)->dt, sh));
  return multi ? r : r->items[0];
}

// tl.extra.cuda.globaltimer() / smid(): inline PTX reading %globaltimer (u64 nanoseconds) or
// %smid in Triton; one read where the call stands, never moved or merged with another
static SVal *bi_sreg(Sema *S, Call *c) {
  if (c->nargs)
    error_at(c->loc, "%s() takes no arguments", c->name);
  bool timer = !strcmp(c->name, "globaltimer");
  Value *r = emit1(S, O_SREG, c->loc, timer ? DT_I64 : DT_I32, (Shape){0}, 0, NULL);
  r->def->str = timer ? "globaltimer" : "smid";
  return sv_tensor(r);
}

// tl.extra.cuda.num_threads() / num_warps(): constexprs of the launch's num_warps in Triton
static SVal *bi_num_threads(Sema *S, Call *c) {
  if (c->nargs)
    error_at(c->loc, "%s() takes no arguments", c->name);
  int w = S->k->num_warps;
  return sv_int(!strcmp(c->name, "num_threads") ? w * 32 : w);
}

/* abs, minimum, maximum and clamp of pointers: semantic.py refuses them ("Unexpected dtype",
 * "invalid operands"), and C has no abs of a pointer */
static void reject_pointer(Call *c, Value *x) {
  if (x->dt == DT_PTR)
    error_at(c->loc, "%s() needs numeric operands, got %s", c->name, dt_name(x->dt, x->elt));
}

// tl.abs(x)
static SVal *bi_abs(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "x");
  reject_pointer(c, x);
  if (dt_is_unsigned(x->dt) || x->dt == DT_I1)
    return sv_tensor(x);
  if (dt_is_fp8(x->dt)) {
    /* Triton clears the sign bit of an fp8 (its fabs lowering, and for float8e4b15 an and
     * with 0x7F): exact for every fp8 value, a NaN stays a NaN */
    Value *bits = bitcast_to(S, c->loc, x, DT_U8);
    Value *mag = tensor_binop(S, c->loc, O_AND, bits, const_value(S, c->loc, DT_U8, 0x7F, 0));
    return sv_tensor(bitcast_to(S, c->loc, mag, x->dt));
  }
  return sv_tensor(emit1(S, O_ABS, c->loc, x->dt, x->sh, 1, &x));
}

static SVal *binary_math(Sema *S, Call *c, OpKind k, bool float_only) {
  Value *x, *y;
  promote_same(S, c->loc, need(c, 0, "x"), need(c, 1, "y"), false, &x, &y);
  reject_pointer(c, x);
  /* minimum(v, v) is v, NaN or not: decided here, so C sees no self-comparison */
  if (x == y && (k == O_MIN || k == O_MAX || k == O_MINP || k == O_MAXP))
    return sv_tensor(x);
  if (float_only && !dt_is_float(x->dt)) {
    x = cast_to(S, c->loc, x, DT_F32);
    y = cast_to(S, c->loc, y, DT_F32);
  }
  return sv_tensor(tensor_binop(S, c->loc, k, x, y));
}

static bool propagate_all(Sema *S, Call *c, int pos) {
  SVal *p = arg(c, pos, "propagate_nan");
  if (!present(p))
    return false;
  if (p->k == SV_INT || p->k == SV_BOOL)
    return p->i != 0;
  return sv_truthy(S, c->loc, p);
}

// tl.minimum(x, y, propagate_nan=NONE) / tl.maximum
static SVal *bi_minmax(Sema *S, Call *c) {
  bool mn = strstr(c->name, "min") != NULL;
  bool nan = propagate_all(S, c, 2);
  return binary_math(S, c, mn ? (nan ? O_MINP : O_MIN) : (nan ? O_MAXP : O_MAX), false);
}

// tl.clamp(x, min, max, propagate_nan=NONE)
static SVal *bi_clamp(Sema *S, Call *c) {
  /* min and max become tensors first (a Python float is fp32), then promote with x */
  SVal xs = {.k = SV_TENSOR, .v = need_tensor(S, c, 0, "x")};
  SVal ls = {.k = SV_TENSOR, .v = need_tensor(S, c, 1, "min")};
  SVal hs = {.k = SV_TENSOR, .v = need_tensor(S, c, 2, "max")};
  Value *x, *lo, *hi, *x2;
  promote_same(S, c->loc, &xs, &ls, false, &x, &lo);
  xs.v = x;
  promote_same(S, c->loc, &xs, &hs, false, &x2, &hi);
  x = x2;
  reject_pointer(c, x);
  lo = cast_to(S, c->loc, lo, x->dt);
  bool nan = propagate_all(S, c, 3);
  Value *t = x == lo ? x : tensor_binop(S, c->loc, nan ? O_MAXP : O_MAX, x, lo);
  return sv_tensor(t == hi ? t : tensor_binop(S, c->loc, nan ? O_MINP : O_MIN, t, hi));
}

static SVal *bi_pow(Sema *S, Call *c) { return binary_math(S, c, O_POW, true); }
static SVal *bi_atan2(Sema *S, Call *c) { return binary_math(S, c, O_ATAN2, true); }
static SVal *bi_hypot(Sema *S, Call *c) { return binary_math(S, c, O_HYPOT, true); }
static SVal *bi_copysign(Sema *S, Call *c) { return binary_math(S, c, O_COPYSIGN, true); }
static SVal *bi_fmod(Sema *S, Call *c) { return binary_math(S, c, O_MOD, true); }

static bool kw_true(Sema *S, Call *c, int pos, const char *name);

// tl.fdiv(x, y, ieee_rounding=False) / tl.div_rn(x, y)
static SVal *bi_fdiv(Sema *S, Call *c) {
  Value *x, *y;
  promote_same(S, c->loc, need(c, 0, "x"), need(c, 1, "y"), true, &x, &y);
  if (!dt_is_float(x->dt))
    error_at(c->loc, "%s() needs floating-point operands", c->name);
  Value *r = tensor_binop(S, c->loc, O_DIV, x, y);
  if (strcmp(c->name, "fdiv") != 0 || kw_true(S, c, 2, "ieee_rounding"))
    r->def->flags |= 1; /* correctly rounded: never replaced by a reciprocal multiply */
  return sv_tensor(r);
}

// tl.umulhi(x, y)
static SVal *bi_umulhi(Sema *S, Call *c) {
  Value *x, *y;
  promote_same(S, c->loc, need(c, 0, "x"), need(c, 1, "y"), false, &x, &y);
  if (!dt_is_int(x->dt) || dt_bits(x->dt) < 32)
    error_at(c->loc, "umulhi() needs 32- or 64-bit integer operands");
  return sv_tensor(tensor_binop(S, c->loc, O_UMULHI, x, y));
}

// tl.fma(x, y, z)
static SVal *bi_fma(Sema *S, Call *c) {
  Value *x, *y;
  promote_same(S, c->loc, need(c, 0, "x"), need(c, 1, "y"), false, &x, &y);
  SVal xs = {.k = SV_TENSOR, .v = x};
  Value *z, *x2;
  promote_same(S, c->loc, &xs, need(c, 2, "z"), false, &x2, &z);
  float_operand(S, c, x2);
  y = cast_to(S, c->loc, y, x2->dt);
  Shape sh = broadcast_shapes(S, c->loc, x2->sh, broadcast_shapes(S, c->loc, y->sh, z->sh));
  Value *in[3] = {broadcast_to(S, c->loc, x2, sh), broadcast_to(S, c->loc, y, sh),
                  broadcast_to(S, c->loc, z, sh)};
  return sv_tensor(emit1(S, O_FMA, c->loc, x2->dt, sh, 3, in));
}

// tl.where(condition, x, y)
static SVal *bi_where(Sema *S, Call *c) {
  Value *cond = to_bool(S, c->loc, need_tensor(S, c, 0, "condition"));
  Value *x, *y;
  promote_same(S, c->loc, need(c, 1, "x"), need(c, 2, "y"), false, &x, &y);
  return sv_tensor(tensor_select(S, c->loc, cond, x, y));
}

// x.logical_and(y) / x.logical_or(y): tensor methods of int1 operands (Triton's semantic
// bitcasts each to int1, which only an int1 allows), broadcast to one shape
static SVal *bi_logical(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "self"), *y = need_tensor(S, c, 1, "other");
  for (int i = 0; i < 2; i++) {
    Value *v = i ? y : x;
    if (v->dt != DT_I1)
      error_at(c->loc, "%s() takes int1 operands (Triton bitcasts them to int1), got %s; "
               "compare with 0 or use .to(tl.int1) first", c->name, dt_name(v->dt, v->elt));
  }
  return sv_tensor(tensor_binop(S, c->loc, strcmp(c->name, "logical_and") ? O_OR : O_AND, x, y));
}

// tl.sigmoid(x) = 1 / (1 + exp(-x))
static SVal *bi_sigmoid(Sema *S, Call *c) {
  Value *x = float_operand(S, c, need_tensor(S, c, 0, "x"));
  Value *neg = tensor_binop(S, c->loc, O_SUB, const_value(S, c->loc, x->dt, 0, 0), x);
  Value *e = emit1(S, O_EXP, c->loc, x->dt, x->sh, 1, &neg);
  Value *one = const_value(S, c->loc, x->dt, 0, 1.0);
  Value *den = tensor_binop(S, c->loc, O_ADD, one, e);
  return sv_tensor(tensor_binop(S, c->loc, O_DIV, one, den));
}

// tl.cdiv(x, div) = (x + div - 1) // div
static SVal *bi_cdiv(Sema *S, Call *c) {
  SVal *x = need(c, 0, "x"), *d = need(c, 1, "div");
  SVal *t = binary(S, c->loc, OP_SUB, binary(S, c->loc, OP_ADD, x, d), sv_int(1));
  return binary(S, c->loc, OP_FLOORDIV, t, d);
}

/* ---- reductions and scans ---- */

static Value *flatten_all(Sema *S, Loc loc, Value *x) {
  return reshape_to(S, loc, x, (Shape){1, {(int)shape_numel(x->sh)}});
}

static Shape reduced_shape(Shape in, int axis, bool keep) {
  Shape r = in;
  if (keep) {
    r.d[axis] = 1;
    return r;
  }
  r.rank--;
  for (int i = axis; i < r.rank; i++)
    r.d[i] = in.d[i + 1];
  return r;
}

/* Triton combines with max, +, *, < ..., all of which refuse pointers (semantic.py raises
 * "invalid operands" / "cannot add pointers together"), and fp8 values, whose arithmetic and
 * compares Triton 3.6 cannot lower (tl.max and tl.min convert them to fp32 first: bi_max). */
static void check_combinable(Loc loc, const char *fn, const char *verb, Value *x) {
  if (x->dt == DT_PTR)
    error_at(loc, "%s() cannot %s pointers (%s)", fn, verb, dt_name(x->dt, x->elt));
  if (dt_is_fp8(x->dt))
    error_at(loc, "%s on %s values: fp8 tensors can only be loaded, stored, converted and moved; "
             "convert with .to(tl.float32) first", fn, dt_name(x->dt, DT__COUNT));
}

static Value *reduce_builtin(Sema *S, Call *c, Value *x, SVal *ax, bool keep, Comb comb,
                             DType out) {
  check_combinable(c->loc, c->name, "reduce", x);
  Shape orig = x->sh;
  int axis;
  if (!present(ax)) {
    x = flatten_all(S, c->loc, x);
    axis = 0;
  } else {
    if (ax->k != SV_INT)
      error_at(c->loc, "%s(): axis must be a constexpr integer", c->name);
    if (x->sh.rank == 0)
      error_at(c->loc, "%s(): cannot reduce a scalar", c->name);
    axis = norm_axis(c, ax->i, x->sh.rank);
  }
  Op *op = ir_op(S->cur, O_REDUCE, c->loc, 1, &x);
  op->axis = axis;
  op->comb = comb;
  Value *r = ir_result(S->k, op, out, reduced_shape(x->sh, axis, false));
  if (keep) {
    Shape ks = orig;
    if (!present(ax))
      for (int i = 0; i < ks.rank; i++) ks.d[i] = 1;
    else
      ks.d[axis] = 1;
    r = reshape_to(S, c->loc, r, ks);
  }
  return r;
}

static bool kw_true(Sema *S, Call *c, int pos, const char *name) {
  SVal *v = arg(c, pos, name);
  return present(v) && sv_truthy(S, c->loc, v);
}

static DType sum_dtype(Value *x, SVal *d) {
  if (present(d))
    return d->dt;
  if (dt_is_signed(x->dt) && dt_bits(x->dt) < 32)
    return DT_I32;
  if (dt_is_unsigned(x->dt) && dt_bits(x->dt) < 32)
    return DT_U32;
  return x->dt;
}

// tl.sum(input, axis=None, keep_dims=False, dtype=None)
static SVal *bi_sum(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  DType dt = sum_dtype(x, arg(c, 3, "dtype"));
  x = cast_to(S, c->loc, x, dt);
  return sv_tensor(reduce_builtin(S, c, x, arg(c, 1, "axis"), kw_true(S, c, 2, "keep_dims"),
                                  COMB_SUM, dt));
}

// tl.xor_sum(input, axis=None, keep_dims=False)
static SVal *bi_xor_sum(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  if (!dt_is_int(x->dt))
    error_at(c->loc, "xor_sum() needs an integer tensor");
  return sv_tensor(reduce_builtin(S, c, x, arg(c, 1, "axis"), kw_true(S, c, 2, "keep_dims"),
                                  COMB_XOR_SUM, x->dt));
}

// tl.max(input, axis=None, return_indices=False, return_indices_tie_break_left=True, keep_dims=False)
static SVal *bi_max(Sema *S, Call *c) {
  bool mx = strcmp(c->name, "max") == 0;
  Value *x = need_tensor(S, c, 0, "input");
  SVal *ax = arg(c, 1, "axis");
  bool keep = kw_true(S, c, 4, "keep_dims");
  bool idx = kw_true(S, c, 2, "return_indices");
  /* the lowest index among equal extremes answers both values of the tie break (tl.argmax) */
  (void)kw_true(S, c, 3, "return_indices_tie_break_left");
  /* Triton (standard.py) widens bf16 to fp32, and without indices every operand narrower than
   * 32 bits: ints to int32, floats to fp32 (so max and min of fp8 compare values, not codes).
   * With indices the other narrow types keep their dtype (a running minimum kept in int16
   * across a loop stays int16, as FlagGems' argmin keeps it); fp8 is then refused like its
   * compare, and int1 still widens (the reductions take no int1 values) */
  if (x->dt == DT_I1 || (!idx && dt_bits(x->dt) < 32 && dt_is_int(x->dt)))
    x = cast_to(S, c->loc, x, DT_I32);
  else if (x->dt == DT_BF16 || (!idx && (x->dt == DT_F16 || dt_is_fp8(x->dt))))
    x = cast_to(S, c->loc, x, DT_F32);
  Value *v = reduce_builtin(S, c, x, ax, keep, mx ? COMB_MAX : COMB_MIN, x->dt);
  if (!idx)
    return sv_tensor(v);
  Value *i = reduce_builtin(S, c, x, ax, keep, mx ? COMB_ARGMAX : COMB_ARGMIN, DT_I32);
  SVal *t = sv_tuple(2);
  t->items[0] = sv_tensor(v);
  t->items[1] = sv_tensor(i);
  return t;
}

// tl.argmax(input, axis, tie_break_left=True, keep_dims=False)
static SVal *bi_argmax(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  Comb comb = strcmp(c->name, "argmax") == 0 ? COMB_ARGMAX : COMB_ARGMIN;
  /* tie_break_left=True asks for the lowest index among equal extremes; False lets Triton return
   * any of them. The reduction always returns the lowest, which answers both. */
  (void)kw_true(S, c, 2, "tie_break_left");
  return sv_tensor(reduce_builtin(S, c, x, need(c, 1, "axis"), kw_true(S, c, 3, "keep_dims"),
                                  comb, DT_I32));
}

static Value *scan_builtin(Sema *S, Call *c, Value *x, SVal *ax, bool rev, Comb comb) {
  check_combinable(c->loc, c->name, "scan", x);
  int axis = norm_axis(c, present(ax) ? ax->i : 0, x->sh.rank);
  if (x->sh.rank == 0)
    error_at(c->loc, "%s(): cannot scan a scalar", c->name);
  Op *op = ir_op(S->cur, O_SCAN, c->loc, 1, &x);
  op->axis = axis;
  op->comb = comb;
  op->flags = rev ? 2 : 0;
  return ir_result(S->k, op, x->dt, x->sh);
}

// tl.cumsum(input, axis=0, reverse=False, dtype=None) / tl.cumprod
static SVal *bi_cumsum(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  SVal *d = arg(c, 3, "dtype");
  DType dt = sum_dtype(x, d);
  if (!present(d) && x->dt == DT_BF16)
    dt = DT_F32; /* Triton's scan of bf16 computes in fp32 */
  x = cast_to(S, c->loc, x, dt);
  bool sum = strcmp(c->name, "cumsum") == 0;
  return sv_tensor(scan_builtin(S, c, x, arg(c, 1, "axis"), kw_true(S, c, 2, "reverse"),
                                sum ? COMB_SUM : COMB_PROD));
}

SVal *reduce_with_region(Sema *S, Loc loc, OpKind kind, SVal **ins, int nin, int axis,
                         SVal *combine, bool keep_dims, bool reverse) {
  Value **vals = arena_alloc(sizeof(Value *) * (size_t)(nin + 1));
  for (int i = 0; i < nin; i++) {
    vals[i] = to_tensor(S, loc, ins[i]);
    if (vals[i]->dt == DT_PTR) /* the targets keep reduction values in numeric registers */
      error_at(loc, "%s(): reductions and scans over pointers are not supported (%s)",
               kind == O_SCAN ? "associative_scan" : "reduce", dt_name(DT_PTR, vals[i]->elt));
    if (i && !shape_eq(vals[i]->sh, vals[0]->sh))
      error_at(loc, "all inputs of a reduction must have the same shape");
  }
  Shape orig = vals[0]->sh;
  if (axis == INT32_MIN) {
    for (int i = 0; i < nin; i++)
      vals[i] = flatten_all(S, loc, vals[i]);
    axis = 0;
  }
  if (vals[0]->sh.rank == 0)
    error_at(loc, "cannot reduce or scan a scalar");
  if (axis < 0)
    axis += vals[0]->sh.rank;
  if (axis < 0 || axis >= vals[0]->sh.rank)
    error_at(loc, "axis out of range");
  Op *op = ir_op(S->cur, kind, loc, nin, vals);
  op->axis = axis;
  op->flags = reverse ? 2 : 0;
  op->nreg = 1;
  op->reg[0] = ir_block();
  op->reg[0]->parent = op;
  Block *saved = S->cur;
  S->cur = op->reg[0];
  SVal **cargs = arena_alloc(sizeof(SVal *) * (size_t)(2 * nin));
  Value **pa = arena_alloc(sizeof(Value *) * (size_t)(2 * nin));
  for (int i = 0; i < 2 * nin; i++) {
    pa[i] = ir_value(S->k, vals[i % nin]->dt, (Shape){0});
    cargs[i] = sv_tensor(pa[i]);
  }
  op->reg[0]->args = pa;
  op->reg[0]->nargs = 2 * nin;
  SVal *r = call_value(S, loc, combine, cargs, 2 * nin, NULL, NULL, 0);
  Value **res = arena_alloc(sizeof(Value *) * (size_t)(nin + 1));
  if (nin == 1) {
    res[0] = to_tensor_as(S, loc, r->k == SV_TUPLE && r->n == 1 ? r->items[0] : r, vals[0]->dt);
  } else {
    if (r->k != SV_TUPLE || r->n != nin)
      error_at(loc, "the combine function must return %d values", nin);
    for (int i = 0; i < nin; i++)
      res[i] = to_tensor_as(S, loc, r->items[i], vals[i]->dt);
  }
  for (int i = 0; i < nin; i++)
    if (res[i]->sh.rank)
      error_at(loc, "the combine function must return scalars");
  ir_op(op->reg[0], O_YIELD, loc, nin, res);
  S->cur = saved;
  SVal *out = sv_tuple(nin);
  for (int i = 0; i < nin; i++) {
    Shape sh = kind == O_SCAN ? vals[i]->sh : reduced_shape(vals[i]->sh, axis, false);
    Value *v = ir_result(S->k, op, vals[i]->dt, sh);
    if (kind == O_REDUCE && keep_dims) {
      Shape ks = orig;
      if (vals[0]->sh.rank != orig.rank)
        for (int d = 0; d < ks.rank; d++) ks.d[d] = 1;
      else
        ks.d[axis] = 1;
      v = reshape_to(S, loc, v, ks);
    }
    out->items[i] = sv_tensor(v);
  }
  return nin == 1 ? out->items[0] : out;
}

static SVal *inputs_of(SVal *x, int *n) {
  if (x->k == SV_TUPLE) {
    *n = x->n;
    return x;
  }
  SVal *t = sv_tuple(1);
  t->items[0] = x;
  *n = 1;
  return t;
}

/* A tuple of inputs gives a tuple of results, one tensor too: `s, = tl.associative_scan((x,),
 * 1, f)` (Inductor's scans); a tensor gives a tensor. */
static SVal *as_given(SVal *input, SVal *r) {
  if (input->k != SV_TUPLE || r->k == SV_TUPLE)
    return r;
  SVal *t = sv_tuple(1);
  t->items[0] = r;
  return t;
}

// tl.reduce(input, axis, combine_fn, keep_dims=False)
static SVal *bi_reduce(Sema *S, Call *c) {
  int n;
  SVal *in = inputs_of(need(c, 0, "input"), &n);
  SVal *ax = need(c, 1, "axis");
  int axis = present(ax) ? (int)ax->i : INT32_MIN;
  return as_given(need(c, 0, "input"),
                  reduce_with_region(S, c->loc, O_REDUCE, in->items, n, axis,
                                     need(c, 2, "combine_fn"), kw_true(S, c, 3, "keep_dims"), false));
}

// tl.associative_scan(input, axis, combine_fn, reverse=False)
static SVal *bi_scan(Sema *S, Call *c) {
  int n;
  SVal *in = inputs_of(need(c, 0, "input"), &n);
  return as_given(need(c, 0, "input"),
                  reduce_with_region(S, c->loc, O_SCAN, in->items, n, (int)need_int(c, 1, "axis"),
                                     need(c, 2, "combine_fn"), false, kw_true(S, c, 3, "reverse")));
}

// tl.softmax(x, dim=None, keep_dims=False, ieee_rounding=False)
static SVal *bi_softmax(Sema *S, Call *c) {
  Value *x = float_operand(S, c, need_tensor(S, c, 0, "x"));
  SVal *d = arg(c, 1, "dim");
  SVal *ax = present(d) ? d : sv_int(0);
  bool keep = kw_true(S, c, 2, "keep_dims");
  Call mc = *c;
  mc.name = "max";
  Value *m = reduce_builtin(S, &mc, x, ax, keep, COMB_MAX, x->dt);
  Value *z = tensor_binop(S, c->loc, O_SUB, x, m);
  Value *num = emit1(S, O_EXP, c->loc, z->dt, z->sh, 1, &z);
  Value *den = reduce_builtin(S, &mc, num, ax, keep, COMB_SUM, x->dt);
  return sv_tensor(tensor_binop(S, c->loc, O_DIV, num, den));
}

/* ---- shapes ---- */

/* Triton normalises every axis against the result's rank (input rank + number of axes), so
 * expand_dims(x1d, (-4, 2, -1)) is axes (0, 2, 3) of a rank-4 result, then inserts them in
 * increasing order; its messages ("invalid axis A. Expected ...", "duplicate axes") are worded
 * as Triton's, which programs and Triton's tests match on. */
static int expand_axis(Call *c, SVal *a, int rank) {
  if (a->k != SV_INT)
    error_at(c->loc, "expand_dims(): axis must be a constexpr integer");
  int64_t p = a->i < 0 ? a->i + rank : a->i;
  if (p < 0 || p >= rank)
    error_at(c->loc, "expand_dims(): invalid axis %lld. Expected %d <= axis < %d",
             (long long)a->i, -rank, rank);
  return (int)p;
}

// tl.expand_dims(input, axis)
static SVal *bi_expand_dims(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  SVal *ax = need(c, 1, "axis");
  int n = ax->k == SV_TUPLE ? ax->n : 1;
  Shape sh = x->sh;
  int rank = sh.rank + n, p[MAXRANK + 1];
  if (rank > MAXRANK)
    error_at(c->loc, "expand_dims(): at most %d dimensions", MAXRANK);
  for (int i = 0; i < n; i++) {
    int v = expand_axis(c, ax->k == SV_TUPLE ? ax->items[i] : ax, rank), k = i;
    for (; k > 0 && p[k - 1] > v; k--)
      p[k] = p[k - 1];
    p[k] = v;
  }
  for (int i = 1; i < n; i++)
    if (p[i] == p[i - 1]) {
      char list[128];
      int len = snprintf(list, sizeof list, "[");
      for (int k = 0; k < n; k++)
        len += snprintf(list + len, sizeof list - (size_t)len, "%s%d", k ? ", " : "", p[k]);
      error_at(c->loc, "expand_dims received duplicate axes, normalized axes = %s]", list);
    }
  for (int i = 0; i < n; i++) {
    for (int j = sh.rank; j > p[i]; j--)
      sh.d[j] = sh.d[j - 1];
    sh.d[p[i]] = 1;
    sh.rank++;
  }
  return sv_tensor(reshape_to(S, c->loc, x, sh));
}

// tl.reshape(input, *shape, can_reorder=False) / tl.view
// can_reorder=True lets the compiler place the elements in any order: keeping them in order is
// one such placement.
static SVal *bi_reshape(Sema *S, Call *c) {
  (void)arg(c, -1, "can_reorder");
  Value *x = need_tensor(S, c, 0, "input");
  SVal *s = need(c, 1, "shape");
  Shape sh = shape_from(c, s, c->self ? 0 : 1);
  return sv_tensor(reshape_to(S, c->loc, x, sh));
}

// tl.ravel(x)
static SVal *bi_ravel(Sema *S, Call *c) {
  return sv_tensor(flatten_all(S, c->loc, need_tensor(S, c, 0, "x")));
}

static SVal *permute_by(Sema *S, Call *c, Value *x, const int *perm) {
  Shape sh = x->sh;
  int seen = 0;
  for (int i = 0; i < x->sh.rank; i++) {
    if (perm[i] < 0 || perm[i] >= x->sh.rank || (seen & (1 << perm[i])))
      error_at(c->loc, "%s(): invalid permutation", c->name);
    seen |= 1 << perm[i];
    sh.d[i] = x->sh.d[perm[i]];
  }
  Value *r = emit1(S, O_PERMUTE, c->loc, x->dt, sh, 1, &x);
  r->elt = x->elt;
  memcpy(r->def->perm, perm, sizeof(int) * MAXRANK);
  return sv_tensor(r);
}

// tl.trans(input, *dims) / tl.permute(input, *dims)
static SVal *bi_permute(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  int perm[MAXRANK] = {0};
  SVal *d = arg(c, 1, "dims");
  if (!present(d)) {
    if (x->sh.rank != 2)
      error_at(c->loc, "%s() without dims needs a 2-D tensor", c->name);
    perm[0] = 1;
    return permute_by(S, c, x, perm);
  }
  SVal **items = d->k == SV_TUPLE ? d->items : (c->self ? c->args : c->args + 1);
  int n = d->k == SV_TUPLE ? d->n : (c->self ? c->nargs : c->nargs - 1);
  if (n != x->sh.rank)
    error_at(c->loc, "%s(): %d dims given for a tensor of rank %d", c->name, n, x->sh.rank);
  for (int i = 0; i < n; i++)
    perm[i] = (int)items[i]->i;
  return permute_by(S, c, x, perm);
}

// tl.flip(x, dim=None)
static SVal *bi_flip(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "x");
  SVal *d = arg(c, 1, "dim");
  if (x->sh.rank == 0)
    error_at(c->loc, "flip() needs a tensor");
  if (x->dt == DT_PTR) /* Triton's flip moves the elements' bits (a bitcast to an integer type) */
    error_at(c->loc, "flip() cannot flip a tile of pointers (Triton flips through the elements' "
                     "bits, which pointers do not have); flip the offsets: p + tl.flip(offs, 0)");
  int axis = present(d) ? norm_axis(c, d->i, x->sh.rank) : x->sh.rank - 1;
  Value *r = emit1(S, O_FLIP, c->loc, x->dt, x->sh, 1, &x);
  r->def->axis = axis;
  return sv_tensor(r);
}

/* a constexpr dim argument: *has is false for None / absent */
static int64_t opt_dim(Call *c, int pos, const char *name, bool *has) {
  SVal *d = arg(c, pos, name);
  *has = present(d);
  if (*has && d->k != SV_INT)
    error_at(c->loc, "%s(): '%s' must be a constexpr integer, got %s", c->name, name,
             sv_kind_name(d));
  return *has ? d->i : 0;
}

// tl.sort(x, dim=None, descending=False)
static SVal *bi_sort(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "x");
  bool has;
  int64_t dim = opt_dim(c, 1, "dim", &has);
  if (has && dim < 0)
    dim += x->sh.rank;
  SVal *d = arg(c, 2, "descending");
  if (present(d) && d->k == SV_TENSOR)
    error_at(c->loc, "sort(): 'descending' must be a constexpr");
  return sv_tensor(sema_sort(S, c->loc, "sort", x, has, dim, present(d) && sv_truthy(S, c->loc, d), 0));
}

// tl.topk(x, k, dim=None)
static SVal *bi_topk(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "x");
  int64_t k = need_int(c, 1, "k");
  bool has;
  int64_t dim = opt_dim(c, 2, "dim", &has);
  if (has && dim < 0)
    dim += x->sh.rank;
  if (k <= 0)
    error_at(c->loc, "topk(): k must be positive, got %lld", (long long)k);
  return sv_tensor(sema_sort(S, c->loc, "topk", x, has, dim, true, k));
}

// tl.gather(src, index, axis)
static SVal *bi_gather(Sema *S, Call *c) {
  Value *src = need_tensor(S, c, 0, "src"), *idx = need_tensor(S, c, 1, "index");
  return sv_tensor(sema_gather(S, c->loc, src, idx, need_int(c, 2, "axis")));
}

// tl.histogram(input, num_bins, mask=None)
static SVal *bi_histogram(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  int64_t bins = need_int(c, 1, "num_bins");
  SVal *m = arg(c, 2, "mask");
  return sv_tensor(sema_histogram(S, c->loc, x, bins, present(m) ? to_tensor(S, c->loc, m) : NULL));
}

// tl.broadcast_to(input, *shape)
static SVal *bi_broadcast_to(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input");
  Shape sh = shape_from(c, need(c, 1, "shape"), c->self ? 0 : 1);
  return sv_tensor(broadcast_to(S, c->loc, x, sh));
}

// tl.broadcast(input, other)
static SVal *bi_broadcast(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "input"), *y = need_tensor(S, c, 1, "other");
  Shape sh = broadcast_shapes(S, c->loc, x->sh, y->sh);
  SVal *t = sv_tuple(2);
  t->items[0] = sv_tensor(broadcast_to(S, c->loc, x, sh));
  t->items[1] = sv_tensor(broadcast_to(S, c->loc, y, sh));
  return t;
}

static Value *join2(Sema *S, Call *c, Value *a, Value *b) {
  Value *x, *y;
  SVal sa = {.k = SV_TENSOR, .v = a}, sb = {.k = SV_TENSOR, .v = b};
  promote_same(S, c->loc, &sa, &sb, false, &x, &y);
  Shape sh = x->sh;
  if (sh.rank == MAXRANK)
    error_at(c->loc, "join(): at most %d dimensions", MAXRANK);
  sh.d[sh.rank++] = 2;
  Value *in[2] = {x, y};
  return emit1(S, O_JOIN, c->loc, x->dt, sh, 2, in);
}

// tl.join(a, b)
static SVal *bi_join(Sema *S, Call *c) {
  return sv_tensor(join2(S, c, need_tensor(S, c, 0, "a"), need_tensor(S, c, 1, "b")));
}

// tl.interleave(a, b)
static SVal *bi_interleave(Sema *S, Call *c) {
  Value *j = join2(S, c, need_tensor(S, c, 0, "a"), need_tensor(S, c, 1, "b"));
  Shape sh = j->sh;
  sh.rank--;
  if (sh.rank == 0)
    sh.rank = 1, sh.d[0] = 2;
  else
    sh.d[sh.rank - 1] *= 2;
  return sv_tensor(reshape_to(S, c->loc, j, sh));
}

// tl.split(a) -> (a[..., 0], a[..., 1])
static SVal *bi_split(Sema *S, Call *c) {
  Value *x = need_tensor(S, c, 0, "a");
  if (x->sh.rank == 0 || x->sh.d[x->sh.rank - 1] != 2)
    error_at(c->loc, "split() needs a last dimension of size 2, got %s", shape_str(x->sh));
  Shape sh = x->sh;
  sh.rank--;
  SVal *t = sv_tuple(2);
  for (int i = 0; i < 2; i++) {
    Value *r = emit1(S, O_SPLIT, c->loc, x->dt, sh, 1, &x);
    r->def->ival = i;
    t->items[i] = sv_tensor(r);
  }
  return t;
}

// tl.cat(input, other, can_reorder=False)
static SVal *bi_cat(Sema *S, Call *c) {
  (void)arg(c, -1, "can_reorder"); /* any order is allowed; tritonc keeps input then other */
  Value *x, *y;
  promote_same(S, c->loc, need(c, 0, "input"), need(c, 1, "other"), false, &x, &y);
  if (x->sh.rank == 0)
    error_at(c->loc, "cat() needs tensors");
  Shape sh = x->sh;
  sh.d[0] *= 2;
  check_shape(S, c->loc, sh);
  Value *in[2] = {x, y};
  return sv_tensor(emit1(S, O_CAT, c->loc, x->dt, sh, 2, in));
}

/* ---- compile-time and debugging helpers ---- */

static SVal *bi_identity(Sema *S, Call *c) {
  (void)S;
  return need(c, 0, "input");
}

// tl.multiple_of(x, values) / tl.max_contiguous(x, values) / tl.max_constancy(x, values):
// promises about x, one value per dimension, that the axis analysis takes as x's facts
// (Triton sets them as attributes of x's defining op, so they hold for every use of x).
static SVal *bi_axis_hint(Sema *S, Call *c) {
  (void)S;
  SVal *x = need(c, 0, "input"), *vals = need(c, 1, "values");
  if (x->k != SV_TENSOR)
    return x; /* a constexpr: its value says more than a hint */
  SVal **items = vals->k == SV_TUPLE ? vals->items : &vals;
  int n = vals->k == SV_TUPLE ? vals->n : 1, rank = x->v->sh.rank;
  int want = !strcmp(c->name, "multiple_of") && !rank ? 1 : rank;
  if (n != want)
    error_at(c->loc, "%s(): %d value%s given for a tensor of rank %d (one per dimension)",
             c->name, n, n == 1 ? "" : "s", rank);
  Value *v = x->v;
  if (!v->hint)
    v->hint = arena_alloc(sizeof *v->hint);
  int64_t *dst = !strcmp(c->name, "multiple_of")      ? v->hint->divis
                 : !strcmp(c->name, "max_contiguous") ? v->hint->contig
                                                      : v->hint->consta;
  for (int i = 0; i < n; i++) {
    if (items[i]->k != SV_INT || items[i]->i <= 0)
      error_at(c->loc, "%s(): values must be positive constexpr integers", c->name);
    dst[i] = items[i]->i;
  }
  return x;
}

static SVal *bi_nothing(Sema *S, Call *c) {
  (void)S;
  (void)c;
  return sv_new(SV_NONE);
}

/* tl.debug_barrier(): every thread of the program waits for the others, and the memory they wrote
 * before it is visible to all of them after it (kernels order in-place stores through it, e.g. a
 * scalar store over an element a tile store wrote). The CUDA target prints __syncthreads(); the C
 * target, one thread per program, drops it in its plan. */
static SVal *bi_debug_barrier(Sema *S, Call *c) {
  ir_op(S->cur, O_BARRIER, c->loc, 0, NULL);
  return sv_new(SV_NONE);
}

static void print_sval(FILE *f, SVal *v) {
  switch (v->k) {
  case SV_INT: fprintf(f, "%lld", (long long)v->i); break;
  case SV_BOOL: fprintf(f, v->i ? "True" : "False"); break;
  case SV_FLOAT: fprintf(f, "%g", v->f); break;
  case SV_STR: fprintf(f, "%s", v->s); break;
  default: fprintf(f, "%s", sv_kind_name(v)); break;
  }
}

// tl.static_print(*values)
static SVal *bi_static_print(Sema *S, Call *c) {
  (void)S;
  for (int i = 0; i < c->nargs; i++) {
    if (i)
      fputc(' ', stderr);
    print_sval(stderr, c->args[i]);
  }
  fputc('\n', stderr);
  return sv_new(SV_NONE);
}

// tl.static_assert(cond, msg="")
static SVal *bi_static_assert(Sema *S, Call *c) {
  SVal *cond = need(c, 0, "cond"), *msg = arg(c, 1, "msg");
  if (cond->k == SV_TENSOR)
    error_at(c->loc, "static_assert() needs a compile-time condition");
  if (!sv_truthy(S, c->loc, cond))
    error_at(c->loc, "static_assert failed%s%s", present(msg) ? ": " : "",
             present(msg) && msg->k == SV_STR ? msg->s : "");
  return sv_new(SV_NONE);
}

// tl.device_assert(cond, msg="")
static SVal *bi_device_assert(Sema *S, Call *c) {
  SVal *cond = need(c, 0, "cond"), *msg = arg(c, 1, "msg");
  if (cond->k != SV_TENSOR) {
    if (!sv_truthy(S, c->loc, cond))
      error_at(c->loc, "device_assert with a constant false condition");
    return sv_new(SV_NONE);
  }
  Value *v = to_bool(S, c->loc, cond->v);
  Op *op = ir_op(S->cur, O_ASSERT, c->loc, 1, &v);
  op->str = present(msg) && msg->k == SV_STR ? msg->s : "";
  return sv_new(SV_NONE);
}

/* Triton's semantic.device_print makes a prefix followed by values end in ": " and, when longer
 * than 2 characters, start with a space: "x" prints as "... idx (3) x: 1.5". */
static const char *print_prefix(const char *p) {
  size_t n = strlen(p);
  const char *r = n && p[n - 1] == ' ' ? p : fmt("%s ", p);
  n = strlen(r);
  if (!(n >= 2 && r[n - 2] == ':'))
    r = fmt("%.*s: ", (int)(n - 1), r);
  return strlen(r) > 2 && r[0] != ' ' ? fmt(" %s", r) : r;
}

// tl.device_print(prefix, *args, hex=False) / print(...)
static SVal *bi_device_print(Sema *S, Call *c) {
  int first = 0;
  const char *prefix = "";
  if (c->nargs && c->args[0]->k == SV_STR) {
    prefix = c->args[0]->s;
    first = 1;
  }
  Value **vals = arena_alloc(sizeof(Value *) * (size_t)(c->nargs + 1));
  int n = 0;
  for (int i = first; i < c->nargs; i++) {
    if (c->args[i]->k == SV_STR)
      error_at(c->loc, "device_print(): only the first argument may be a string");
    vals[n++] = to_tensor(S, c->loc, c->args[i]);
  }
  Op *op = ir_op(S->cur, O_PRINT, c->loc, n, vals);
  op->str = n ? print_prefix(prefix) : prefix;
  op->flags = kw_true(S, c, 1 << 20, "hex") ? 1 : 0;
  return sv_new(SV_NONE);
}

/* range(lo, hi, step) / tl.range(...) / tl.static_range(...): a tuple tagged with its kind */
static SVal *bi_range(Sema *S, Call *c) {
  (void)S;
  SVal *a = arg(c, 0, "arg1"), *b = arg(c, 1, "arg2"), *st = arg(c, 2, "step");
  if (!a)
    error_at(c->loc, "%s() needs at least one argument", c->name);
  SVal *t = sv_tuple(3);
  t->s = strcmp(c->name, "static_range") == 0 ? "static_range" : "range";
  t->items[0] = b ? a : sv_int(0);
  t->items[1] = b ? b : a;
  t->items[2] = present(st) ? st : sv_int(1);
  if (t->s[0] == 's')
    for (int i = 0; i < 3; i++)
      if (t->items[i]->k != SV_INT)
        error_at(c->loc, "static_range() bounds must be constexpr integers");
  return t;
}

/* ---- Python builtins and triton.* on constexprs ---- */

static SVal *py_minmax(Sema *S, Call *c) {
  bool mn = strcmp(c->name, "min") == 0;
  SVal **items = c->args;
  int n = c->nargs;
  if (n == 1 && c->args[0]->k == SV_TUPLE) {
    items = c->args[0]->items;
    n = c->args[0]->n;
  }
  if (n == 0)
    error_at(c->loc, "%s() needs arguments", c->name);
  bool tensors = false;
  for (int i = 0; i < n; i++)
    tensors |= items[i]->k == SV_TENSOR;
  if (tensors) {
    /* Triton's code generator binds min and max to tl.minimum and tl.maximum */
    if (items != c->args || n != 2)
      error_at(c->loc, "%s() of tensors is tl.%s, which takes two arguments", c->name,
               mn ? "minimum" : "maximum");
    Call t = *c;
    t.name = mn ? "minimum" : "maximum";
    return bi_minmax(S, &t);
  }
  SVal *best = items[0];
  for (int i = 1; i < n; i++) {
    SVal *lt = binary(S, c->loc, OP_LT, items[i], best);
    if (sv_truthy(S, c->loc, lt) == mn)
      best = items[i];
  }
  return best;
}

static SVal *py_len(Sema *S, Call *c) {
  (void)S;
  SVal *x = need(c, 0, "obj");
  if (x->k == SV_TUPLE)
    return sv_int(x->n);
  if (x->k == SV_TENSOR && x->v->sh.rank)
    return sv_int(x->v->sh.d[0]);
  error_at(c->loc, "len() of %s", sv_kind_name(x));
}

// getattr(obj, name): obj.name with the name a constexpr string (test_core's
// getattr(tl, func)(...), getattr(tl.PropagateNan, "ALL"))
static SVal *py_getattr(Sema *S, Call *c) {
  SVal *obj = need(c, 0, "object"), *name = need(c, 1, "name");
  if (name->k != SV_STR)
    error_at(c->loc, "getattr(): the name must be a constexpr string, got %s", sv_kind_name(name));
  if (arg(c, 2, "default"))
    error_at(c->loc, "getattr() with a default is not supported by tritonc");
  return attr_of(S, c->loc, obj, name->s);
}

/* Whether v is an instance of the type t names (tl.tensor, tl.constexpr, int, float, bool,
 * str, tuple, list, tl.dtype, tl.tensor_descriptor); a number is a constexpr, bool is an int,
 * as in Triton. */
static bool instance_of(Call *c, SVal *v, SVal *t) {
  if (t->k == SV_TUPLE) {
    for (int i = 0; i < t->n; i++)
      if (instance_of(c, v, t->items[i]))
        return true;
    return false;
  }
  if (t->k == SV_CLASS) /* a NamedTuple class */
    return v->k == SV_TUPLE && v->cls && nt_same(v->cls, t->cls);
  if (t->k == SV_CONSTEXPR_T)
    return v->k != SV_TENSOR && v->k != SV_FUNC && v->k != SV_MODULE && v->k != SV_BUILTIN &&
           v->k != SV_CLASS;
  const char *n = t->k == SV_BUILTIN && !t->self ? t->s : "";
  if (!strcmp(n, "tl.tensor")) return v->k == SV_TENSOR;
  if (!strcmp(n, "tl.dtype")) return v->k == SV_DTYPE;
  if (!strcmp(n, "tl.tensor_descriptor")) return v->k == SV_TDESC;
  if (!strcmp(n, "py.int")) return v->k == SV_INT || v->k == SV_BOOL;
  if (!strcmp(n, "py.float")) return v->k == SV_FLOAT;
  if (!strcmp(n, "py.bool")) return v->k == SV_BOOL;
  if (!strcmp(n, "py.str")) return v->k == SV_STR;
  if (!strcmp(n, "py.tuple") || !strcmp(n, "py.list")) return v->k == SV_TUPLE;
  error_at(c->loc, "isinstance(): tritonc knows the types tl.tensor, tl.constexpr, tl.dtype, "
                   "tl.tensor_descriptor, int, float, bool, str, tuple and list, got %s",
           *n ? n : sv_kind_name(t));
}

// isinstance(obj, classinfo)
static SVal *py_isinstance(Sema *S, Call *c) {
  (void)S;
  return sv_bool(instance_of(c, need(c, 0, "obj"), need(c, 1, "classinfo")));
}

// bool(x) of a constexpr
static SVal *py_bool(Sema *S, Call *c) {
  SVal *x = need(c, 0, "x");
  if (x->k == SV_TENSOR)
    error_at(c->loc, "bool() of a tensor is not supported: compare it (x != 0)");
  return sv_bool(sv_truthy(S, c->loc, x));
}

/* The field names of collections.namedtuple's field_names ("x y", "x, y", ["x", "y"]) or of
 * typing.NamedTuple's fields ([("x", int), ("y", int)]). */
static int namedtuple_fields(Call *c, SVal *f, bool typed, const char ***out) {
  if (f->k == SV_STR && !typed) {
    char *s = xstrdup(f->s);
    int n = 0;
    const char **v = arena_alloc(sizeof(char *) * (strlen(s) / 2 + 2));
    for (char *t = strtok(s, " ,\t\n"); t; t = strtok(NULL, " ,\t\n"))
      v[n++] = t;
    *out = v;
    return n;
  }
  if (f->k != SV_TUPLE)
    error_at(c->loc, "%s(): the fields must be %s, got %s", c->name,
             typed ? "a list of (name, type) pairs" : "a string or a list of strings",
             sv_kind_name(f));
  const char **v = arena_alloc(sizeof(char *) * (size_t)(f->n + 1));
  for (int i = 0; i < f->n; i++) {
    SVal *it = f->items[i];
    if (typed && it->k == SV_TUPLE && it->n == 2)
      it = it->items[0];
    else if (typed)
      error_at(c->loc, "%s(): field %d is not a (name, type) pair", c->name, i);
    if (it->k != SV_STR)
      error_at(c->loc, "%s(): field names must be strings, got %s", c->name, sv_kind_name(it));
    v[i] = it->s;
  }
  *out = v;
  return f->n;
}

// collections.namedtuple("P", "x y", defaults=(0,)), typing.NamedTuple("P", [("x", int)]):
// a NamedTuple class, as a module-level `P = ...` makes it
static SVal *py_namedtuple(Sema *S, Call *c) {
  bool typed = !strcmp(c->name, "NamedTuple");
  SVal *name = need(c, 0, "typename");
  if (name->k != SV_STR)
    error_at(c->loc, "%s(): the type name must be a string, got %s", c->name, sv_kind_name(name));
  const char **fields;
  int n = namedtuple_fields(c, need(c, 1, typed ? "fields" : "field_names"), typed, &fields);
  SVal **defaults = arena_alloc(sizeof(SVal *) * (size_t)(n + 1));
  SVal *d = typed ? NULL : arg(c, -1, "defaults"), *rename = typed ? NULL : arg(c, -1, "rename");
  if (present(d)) { /* the rightmost fields take them */
    if (d->k != SV_TUPLE || d->n > n)
      error_at(c->loc, "%s(): defaults must be a tuple of at most %d values", c->name, n);
    for (int i = 0; i < d->n; i++)
      defaults[n - d->n + i] = d->items[i];
  }
  if (rename && sv_truthy(S, c->loc, rename))
    error_at(c->loc, "namedtuple(rename=True) is not supported by tritonc");
  if (!typed)
    (void)arg(c, -1, "module");
  check_keywords(S, c, typed ? "typing.NamedTuple" : "collections.namedtuple");
  return nt_class_value(nt_class(c->loc, name->s, n, fields, defaults));
}

/* Names kernels may mention but tritonc cannot call: a positioned error, not a missing builtin. */
static SVal *py_unsupported(Sema *S, Call *c) {
  (void)S;
  error_at(c->loc, "%s() is not supported in a kernel by tritonc", c->name);
}

// tl.pointer_type(element_ty): the pointer type, for .to(...) casts of pointers
static SVal *bi_pointer_type(Sema *S, Call *c) {
  (void)S;
  SVal *e = need(c, 0, "element_ty");
  if (e->k != SV_DTYPE || e->dt == DT_PTR)
    error_at(c->loc, "pointer_type() needs an element dtype, got %s", sv_kind_name(e));
  return dtype_val(DT_PTR, e->dt);
}

/* Python's float() of a string: an optional sign, then inf/infinity/nan in any case, or a
 * decimal literal. */
static double float_of_string(Loc loc, const char *text) {
  const char *s = text;
  while (*s == ' ' || *s == '\t') s++;
  double sign = *s == '-' ? -1.0 : 1.0;
  const char *w = *s == '-' || *s == '+' ? s + 1 : s;
  if (!strcasecmp(w, "inf") || !strcasecmp(w, "infinity"))
    return sign * INFINITY;
  if (!strcasecmp(w, "nan"))
    return copysign(NAN, sign);
  char *end;
  double v = strtod(s, &end);
  while (*end == ' ' || *end == '\t') end++;
  if (end == s || *end || isinf(v) || isnan(v))
    error_at(loc, "float() of the string '%s'", text);
  return v;
}

static SVal *py_float(Sema *S, Call *c) {
  SVal *x = need(c, 0, "x");
  if (x->k == SV_STR)
    return sv_float(float_of_string(c->loc, x->s));
  if (x->k == SV_TENSOR)
    return sv_tensor(cast_to(S, c->loc, x->v, DT_F32));
  if (!sv_is_number(x))
    error_at(c->loc, "float() of %s", sv_kind_name(x));
  return sv_float(x->k == SV_FLOAT ? x->f : (double)x->i);
}

static SVal *py_int(Sema *S, Call *c) {
  SVal *x = need(c, 0, "x");
  if (x->k == SV_TENSOR)
    return sv_tensor(cast_to(S, c->loc, x->v, DT_I32));
  if (!sv_is_number(x))
    error_at(c->loc, "int() of %s", sv_kind_name(x));
  return sv_int(x->k == SV_FLOAT ? (int64_t)x->f : x->i);
}

static SVal *py_abs(Sema *S, Call *c) {
  SVal *x = need(c, 0, "x");
  if (x->k == SV_TENSOR)
    return bi_abs(S, c);
  if (x->k == SV_FLOAT)
    return sv_float(fabs(x->f));
  if (x->k == SV_INT)
    return sv_int(x->i < 0 ? py_int_neg(c->loc, x->i) : x->i);
  error_at(c->loc, "abs() of %s", sv_kind_name(x));
}

static SVal *tr_cdiv(Sema *S, Call *c) { return bi_cdiv(S, c); }

// triton.language.standard._log2(i): a constexpr, floor(log2(i)) (0 for i <= 1), as Triton's
// loop of halvings computes it; topk and bitonic sorts size their merge stages with it
static SVal *std_log2(Sema *S, Call *c) {
  (void)S;
  int64_t n = need_int(c, 0, "i"), r = 0;
  for (; n > 1; n >>= 1)
    r++;
  return sv_int(r);
}

// triton.language.core.get_int_dtype(bitwidth, signed): the integer dtype of that width and
// signedness (bitwidth 1 is int1 either way); bitonic sorts pick the type they bitcast to
static SVal *core_get_int_dtype(Sema *S, Call *c) {
  int64_t bits = need_int(c, 0, "bitwidth");
  bool sig = sv_truthy(S, c->loc, need(c, 1, "signed"));
  static const DType s[] = {DT_I8, DT_I16, DT_I32, DT_I64}, u[] = {DT_U8, DT_U16, DT_U32, DT_U64};
  if (bits == 1)
    return dtype_val(DT_I1, DT__COUNT);
  for (int i = 0; i < 4; i++)
    if (bits == 8 << i)
      return dtype_val(sig ? s[i] : u[i], DT__COUNT);
  error_at(c->loc, "get_int_dtype(): unsupported bitwidth %lld (1, 8, 16, 32 or 64)",
           (long long)bits);
}

static SVal *tr_next_pow2(Sema *S, Call *c) {
  (void)S;
  int64_t n = need_int(c, 0, "n"), p = 1;
  while (p < n)
    p <<= 1;
  return sv_int(p);
}

// triton.Config(kwargs, num_warps=4, num_stages=..., ..., pre_hook=None)
static SVal *tr_config(Sema *S, Call *c) {
  (void)S;
  SVal *kw = need(c, 0, "kwargs"), *nw = arg(c, 1, "num_warps");
  if (kw->k != SV_DICT)
    error_at(c->loc, "triton.Config() needs a dict of constexpr values");
  SVal *ns = arg(c, 2, "num_stages");
  if (present(ns) && (ns->k != SV_INT || ns->i < 1 || ns->i > 8))
    error_at(c->loc, "triton.Config(): num_stages must be an int from 1 to 8");
  SVal *cfg = sv_tuple(4);
  cfg->k = SV_CONFIG;
  cfg->items[0] = kw;
  cfg->items[1] = present(nw) ? nw : sv_int(4);
  cfg->items[3] = present(ns) ? ns : sv_int(3);
  SVal *hook = arg(c, 5, "pre_hook");
  cfg->items[2] = present(hook) ? hook : sv_new(SV_NONE);
  return cfg;
}

/* a list of argument names (key=, reset_to_zero=, restore_value=), or an empty tuple */
static SVal *name_list(Call *c, int pos, const char *what) {
  SVal *v = arg(c, pos, what);
  if (!present(v))
    return sv_tuple(0);
  if (v->k == SV_STR) { /* Triton takes a list; one name is as clear */
    SVal *t = sv_tuple(1);
    t->items[0] = v;
    return t;
  }
  if (v->k != SV_TUPLE)
    error_at(c->loc, "autotune(): %s must be a list of argument names", what);
  for (int i = 0; i < v->n; i++)
    if (v->items[i]->k != SV_STR)
      error_at(c->loc, "autotune(): %s must be a list of argument names (item %d is not a string)",
               what, i);
  return v;
}

/* triton.autotune(configs, key, prune_configs_by=None, reset_to_zero=None, restore_value=None,
 *                 pre_hook=None, post_hook=None, ...): a description, items = [None, configs,
 * key, reset_to_zero, restore_value, the name of a Python hook given or None, why a `**`
 * spread of options could not be evaluated or None] */
static SVal *tr_autotune(Sema *S, Call *c) {
  (void)S;
  SVal *cfgs = need(c, 0, "configs");
  if (cfgs->k != SV_TUPLE)
    error_at(c->loc, "autotune(): configs must be a list of triton.Config");
  for (int i = 0; i < cfgs->n; i++)
    if (cfgs->items[i]->k != SV_CONFIG)
      error_at(c->loc, "autotune(): config %d is not a triton.Config", i);
  SVal *d = sv_tuple(7);
  d->k = SV_DICT;
  d->s = "autotune";
  SVal *spread = arg(c, -1, "**"); /* options spread from host Python tritonc cannot evaluate */
  d->items[6] = spread ? spread : sv_new(SV_NONE);
  d->items[0] = sv_new(SV_NONE);
  d->items[1] = cfgs;
  d->items[2] = name_list(c, 1, "key");
  d->items[3] = name_list(c, 3, "reset_to_zero");
  d->items[4] = name_list(c, 4, "restore_value");
  d->items[5] = sv_new(SV_NONE);
  const char *hooks[] = {"pre_hook", "post_hook"};
  for (int i = 0; i < 2; i++)
    if (present(arg(c, 5 + i, hooks[i]))) {
      d->items[5] = sv_new(SV_STR);
      d->items[5]->s = hooks[i];
    }
  for (int i = 0; i < cfgs->n && d->items[5]->k == SV_NONE; i++)
    if (present(cfgs->items[i]->items[2])) {
      d->items[5] = sv_new(SV_STR);
      d->items[5]->s = fmt("config %d's pre_hook", i);
    }
  return d;
}

static SVal *tr_heuristics(Sema *S, Call *c) {
  (void)S;
  SVal *h = need(c, 0, "values");
  if (h->k != SV_DICT)
    error_at(c->loc, "heuristics() needs a dict of name: lambda args: ...");
  SVal *d = sv_tuple(2);
  d->k = SV_DICT;
  d->s = "heuristics";
  d->items[0] = sv_new(SV_NONE);
  d->items[1] = h;
  return d;
}

static SVal *tl_constexpr_call(Sema *S, Call *c) { return bi_identity(S, c); }

// @triton.jit(do_not_specialize=[...], debug=..., ...): with options only, jit returns the
// decorator itself (the options steer Triton's runtime specialisation, not the kernel's text).
static SVal *tr_jit(Sema *S, Call *c) {
  SVal *fn = arg(c, 0, "fn");
  if (fn && fn->k == SV_FUNC && S->call) /* fn = triton.jit(fn) */
    return decorate_value(S, fn, S->call->a);
  if (fn)
    return fn;
  SVal *self = sv_new(SV_BUILTIN);
  self->s = "triton.jit";
  return self;
}

/* ---- version checks at module level ---- */

/* Version("3.0.0") / packaging.version.parse(triton.__version__): the release numbers, trailing
 * zeros dropped so that 3.0 == 3.0.0; a pre-release or local suffix ("3.6.0+git1a2b") ends it. */
static SVal *py_version(Sema *S, Call *c) {
  (void)S;
  SVal *s = need(c, 0, "version");
  if (s->k == SV_TUPLE && s->s && !strcmp(s->s, "version"))
    return s;
  if (s->k != SV_STR)
    error_at(c->loc, "Version() of %s", sv_kind_name(s));
  int64_t parts[16];
  int n = 0;
  for (char *p = (char *)s->s; n < 16 && *p >= '0' && *p <= '9';) {
    parts[n++] = strtoll(p, &p, 10);
    if (*p != '.')
      break;
    p++;
  }
  if (!n)
    error_at(c->loc, "'%s' is not a version", s->s);
  while (n > 1 && parts[n - 1] == 0)
    n--;
  SVal *t = sv_tuple(n);
  t->s = "version";
  for (int i = 0; i < n; i++)
    t->items[i] = sv_int(parts[i]);
  return t;
}

// operator.ge(a, b), ...
static SVal *py_operator(Sema *S, Call *c) {
  static const struct { const char *n; PyOp op; } ops[] = {
      {"lt", OP_LT}, {"le", OP_LE}, {"gt", OP_GT}, {"ge", OP_GE}, {"eq", OP_EQ}, {"ne", OP_NE}};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (!strcmp(c->name, ops[i].n))
      return binary(S, c->loc, ops[i].op, need(c, 0, "a"), need(c, 1, "b"));
  die("no operator %s", c->name);
}

static int64_t n_rounds_arg(Call *c, int pos) {
  SVal *n = arg(c, pos, "n_rounds");
  if (!present(n))
    return 10; /* N_ROUNDS_DEFAULT */
  return need_int(c, pos, "n_rounds");
}

// tl.rand(seed, offset, n_rounds=10), randn, randint, randint4x, rand4x, randn4x,
// tl.philox(seed, c0, c1, c2, c3, n_rounds=10), uint_to_uniform_float(x),
// pair_uniform_to_normal(u1, u2): random.c
static SVal *bi_random(Sema *S, Call *c) {
  SVal *a[5];
  int64_t rounds = 10;
  if (!strcmp(c->name, "philox")) {
    static const char *const pn[5] = {"seed", "c0", "c1", "c2", "c3"};
    for (int i = 0; i < 5; i++)
      a[i] = need(c, i, pn[i]);
    rounds = n_rounds_arg(c, 5);
  } else if (!strcmp(c->name, "uint_to_uniform_float")) {
    a[0] = need(c, 0, "x");
  } else if (!strcmp(c->name, "pair_uniform_to_normal")) {
    a[0] = need(c, 0, "u1");
    a[1] = need(c, 1, "u2");
  } else {
    a[0] = need(c, 0, "seed");
    a[1] = need(c, 1, "offset");
    rounds = n_rounds_arg(c, 2);
  }
  return random_call(S, c->loc, c->name, a, rounds);
}

// tl.atomic_add(pointer, val, mask=None, sem=None, scope=None), and, or, xor, xchg, max, min;
// tl.atomic_cas(pointer, cmp, val, sem=None, scope=None): atomic.c
static SVal *bi_atomic(Sema *S, Call *c) {
  const char *op = c->name + strlen("atomic_");
  bool cas = !strcmp(op, "cas");
  SVal *p = need(c, 0, "pointer");
  SVal *x = cas ? need(c, 1, "cmp") : need(c, 1, "val");
  SVal *y = cas ? need(c, 2, "val") : arg(c, 2, "mask");
  SVal *sem = arg(c, 3, "sem"), *scope = arg(c, 4, "scope");
  return cas ? atomic_call(S, c->loc, op, p, y, x, sem, scope)
             : atomic_call(S, c->loc, op, p, x, y, sem, scope);
}

/* compare_version("triton", operator.ge, "3.0.0") (Liger-Kernel's helper): only Triton's version
 * is known; another package's is host state tritonc cannot read. */
static SVal *py_compare_version(Sema *S, Call *c) {
  SVal *pkg = need(c, 0, "package"), *op = need(c, 1, "operator"), *want = need(c, 2, "target");
  if (pkg->k != SV_STR || strcmp(pkg->s, "triton") != 0)
    error_at(c->loc, "compare_version() of a package other than triton");
  SVal *cur = sv_new(SV_STR);
  cur->s = TRITON_VERSION;
  Call v1 = {c->loc, "Version", NULL, &cur, 1, NULL, NULL, 0, 0};
  Call v2 = {c->loc, "Version", NULL, &want, 1, NULL, NULL, 0, 0};
  SVal *args[2] = {py_version(S, &v1), py_version(S, &v2)};
  return call_value(S, c->loc, op, args, 2, NULL, NULL, 0);
}

/* ---- matrix product ---- */

// tl.dot(input, other, acc=None, input_precision=None, allow_tf32=None,
//        max_num_imprecise_acc=None, out_dtype=tl.float32)
static SVal *bi_dot(Sema *S, Call *c) {
  Value *a = need_tensor(S, c, 0, "input"), *b = need_tensor(S, c, 1, "other");
  SVal *acc = arg(c, 2, "acc"), *prec = arg(c, 3, "input_precision");
  SVal *tf32 = arg(c, 4, "allow_tf32"), *imprecise = arg(c, 5, "max_num_imprecise_acc");
  SVal *out = arg(c, 6, "out_dtype");
  const char *p = NULL;
  if (present(prec) && present(tf32))
    error_at(c->loc, "tl.dot(): only one of input_precision and allow_tf32 can be given");
  if (present(prec)) {
    if (prec->k != SV_STR)
      error_at(c->loc, "tl.dot(): input_precision must be a string such as \"ieee\", got %s",
               sv_kind_name(prec));
    p = dot_precision(c->loc, prec->s);
  } else if (present(tf32)) {
    p = sv_truthy(S, c->loc, tf32) ? "tf32" : "ieee";
  }
  if (present(imprecise) && imprecise->k != SV_INT)
    error_at(c->loc, "tl.dot(): max_num_imprecise_acc must be a constexpr integer, got %s",
             sv_kind_name(imprecise));
  DType od = DT_F32;
  if (present(out)) {
    if (out->k != SV_DTYPE || out->dt == DT_PTR)
      error_at(c->loc, "tl.dot(): out_dtype must be a dtype such as tl.float32, got %s",
               sv_kind_name(out));
    od = out->dt;
  }
  Value *av = present(acc) ? to_tensor(S, c->loc, acc) : NULL;
  Value *r = sema_dot(S, c->loc, a, b, av, p, od, present(imprecise) ? (int)imprecise->i : -1);
  return sv_tensor(r);
}

static const char *format_arg(Call *c, int pos, const char *name) {
  SVal *f = need(c, pos, name);
  if (f->k != SV_STR)
    error_at(c->loc, "tl.dot_scaled(): %s must be a constexpr string such as \"e2m1\", got %s",
             name, sv_kind_name(f));
  return f->s;
}

static bool flag_arg(Sema *S, Call *c, int pos, const char *name, bool dflt) {
  SVal *v = arg(c, pos, name);
  return present(v) ? sv_truthy(S, c->loc, v) : dflt;
}

// tl.dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format, acc=None,
//               fast_math=False, lhs_k_pack=True, rhs_k_pack=True, out_dtype=tl.float32)
static SVal *bi_dot_scaled(Sema *S, Call *c) {
  DotScaled d = {.out_dtype = DT_F32};
  static const char *const names[2][3] = {{"lhs", "lhs_scale", "lhs_format"},
                                           {"rhs", "rhs_scale", "rhs_format"}};
  for (int i = 0; i < 2; i++) {
    d.v[i] = need_tensor(S, c, 3 * i, names[i][0]);
    SVal *s = need(c, 3 * i + 1, names[i][1]);
    d.scale[i] = present(s) ? to_tensor(S, c->loc, s) : NULL;
    d.fmt[i] = format_arg(c, 3 * i + 2, names[i][2]);
  }
  SVal *acc = arg(c, 6, "acc"), *out = arg(c, 10, "out_dtype");
  d.acc = present(acc) ? to_tensor(S, c->loc, acc) : NULL;
  d.fast_math = flag_arg(S, c, 7, "fast_math", false);
  d.k_pack[0] = flag_arg(S, c, 8, "lhs_k_pack", true);
  d.k_pack[1] = flag_arg(S, c, 9, "rhs_k_pack", true);
  if (present(out)) {
    if (out->k != SV_DTYPE || out->dt == DT_PTR)
      error_at(c->loc, "tl.dot_scaled(): out_dtype must be a dtype such as tl.float32, got %s",
               sv_kind_name(out));
    d.out_dtype = out->dt;
  }
  return sv_tensor(sema_dot_scaled(S, c->loc, &d));
}

// tl.swizzle2d(i, j, size_i, size_j, size_g): the cell (i, j) of a size_i x size_j grid walked
// row by row -> the cell the same step reaches when the grid is walked in groups of size_g
// rows, each group column by column (standard.py; the last group may have fewer rows)
static SVal *bi_swizzle2d(Sema *S, Call *c) {
  Loc l = c->loc;
  SVal *i = need(c, 0, "i"), *j = need(c, 1, "j"), *si = need(c, 2, "size_i");
  SVal *sj = need(c, 3, "size_j"), *sg = need(c, 4, "size_g");
  SVal *ij = binary(S, l, OP_ADD, binary(S, l, OP_MUL, i, sj), j);
  SVal *group = binary(S, l, OP_MUL, sg, sj); /* cells per group */
  SVal *first = binary(S, l, OP_MUL, binary(S, l, OP_FLOORDIV, ij, group), sg);
  SVal *mm[2] = {binary(S, l, OP_SUB, si, first), sg};
  Call mc = {l, "minimum", NULL, mm, 2, NULL, NULL, 0, 0};
  SVal *rows = bi_minmax(S, &mc); /* rows in this group */
  SVal *in_group = binary(S, l, OP_MOD, ij, group);
  SVal *r = sv_tuple(2);
  r->items[0] = binary(S, l, OP_ADD, first, binary(S, l, OP_MOD, in_group, rows));
  r->items[1] = binary(S, l, OP_FLOORDIV, in_group, rows);
  return r;
}

/* ---- the table ---- */

typedef struct Builtin {
  const char *name; /* "tl.load", "math.exp", "libdevice.tanh", "py.len", "triton.cdiv" */
  BuiltinFn fn;
  bool method;      /* also a tensor method */
} Builtin;

static const Builtin builtins[] = {
    {"tl.program_id", bi_program_id, 0}, {"tl.num_programs", bi_program_id, 0},
    {"tl.arange", bi_arange, 0}, {"tl.zeros", bi_zeros, 0}, {"tl.full", bi_full, 0},
    {"tl.zeros_like", bi_zeros_like, 0}, {"tl.cast", bi_cast, 1}, {"tl.to", bi_cast, 1},
    {"tl.load", bi_load, 0}, {"tl.store", bi_store, 1},
    {"tl.make_block_ptr", bi_make_block_ptr, 0}, {"tl.advance", bi_advance, 0},
    {"tl.make_tensor_descriptor", bi_make_tdesc, 0},
    {"tl._experimental_make_tensor_descriptor", bi_make_tdesc, 0},
    {"tl.load_tensor_descriptor", bi_tdesc_load, 0},
    {"tl.store_tensor_descriptor", bi_tdesc_store, 0},
    {"tdesc.load", bi_tdesc_load, 0}, {"tdesc.store", bi_tdesc_store, 0},
    {"tdesc.atomic_add", bi_tdesc_atomic, 0}, {"tdesc.atomic_min", bi_tdesc_atomic, 0},
    {"tdesc.atomic_max", bi_tdesc_atomic, 0}, {"tdesc.atomic_and", bi_tdesc_atomic, 0},
    {"tdesc.atomic_or", bi_tdesc_atomic, 0}, {"tdesc.atomic_xor", bi_tdesc_atomic, 0},
    {"tensor.logical_and", bi_logical, 1}, {"tensor.logical_or", bi_logical, 1},
    {"tl.where", bi_where, 0}, {"tl.minimum", bi_minmax, 0}, {"tl.maximum", bi_minmax, 0},
    {"tl.dot", bi_dot, 1}, {"tl.dot_scaled", bi_dot_scaled, 0}, {"tl.swizzle2d", bi_swizzle2d, 0}, {"tl.clamp", bi_clamp, 0}, {"tl.abs", bi_abs, 1}, {"tl.fma", bi_fma, 1},
    {"tl.sigmoid", bi_sigmoid, 1}, {"tl.softmax", bi_softmax, 1}, {"tl.cdiv", bi_cdiv, 1},
    {"tl.umulhi", bi_umulhi, 0}, {"tl.fdiv", bi_fdiv, 0}, {"tl.div_rn", bi_fdiv, 0},
    {"tl.sum", bi_sum, 1}, {"tl.xor_sum", bi_xor_sum, 1}, {"tl.max", bi_max, 1},
    {"tl.min", bi_max, 1}, {"tl.argmax", bi_argmax, 1}, {"tl.argmin", bi_argmax, 1},
    {"tl.reduce", bi_reduce, 1}, {"tl.cumsum", bi_cumsum, 1}, {"tl.cumprod", bi_cumsum, 1},
    {"tl.associative_scan", bi_scan, 1}, {"tl.expand_dims", bi_expand_dims, 1},
    {"tl.reshape", bi_reshape, 1}, {"tl.view", bi_reshape, 1}, {"tl.ravel", bi_ravel, 1},
    {"tl.trans", bi_permute, 1}, {"tl.permute", bi_permute, 1}, {"tl.flip", bi_flip, 1},
    {"tl.sort", bi_sort, 1}, {"tl.topk", bi_topk, 0}, {"tl.gather", bi_gather, 1},
    {"tl.histogram", bi_histogram, 1},
    {"tl.broadcast_to", bi_broadcast_to, 1}, {"tl.broadcast", bi_broadcast, 0},
    {"tl.join", bi_join, 1}, {"tl.split", bi_split, 1}, {"tl.interleave", bi_interleave, 1},
    {"tl.cat", bi_cat, 0}, {"tl.static_assert", bi_static_assert, 0},
    {"tl.static_print", bi_static_print, 0}, {"tl.device_assert", bi_device_assert, 0},
    {"tl.device_print", bi_device_print, 0}, {"tl.multiple_of", bi_axis_hint, 0},
    {"tl.max_contiguous", bi_axis_hint, 0}, {"tl.max_constancy", bi_axis_hint, 0},
    {"tl.assume", bi_nothing, 0}, {"tl.debug_barrier", bi_debug_barrier, 0},
    {"tl.static_range", bi_range, 0}, {"tl.range", bi_range, 0},
    {"tl.constexpr", tl_constexpr_call, 0}, {"tl.pow", bi_pow, 0},
    {"py.range", bi_range, 0}, {"py.min", py_minmax, 0}, {"py.max", py_minmax, 0},
    {"py.len", py_len, 0}, {"py.float", py_float, 0}, {"py.int", py_int, 0},
    {"py.abs", py_abs, 0}, {"py.print", bi_device_print, 0},
    {"py.getattr", py_getattr, 0}, {"py.isinstance", py_isinstance, 0}, {"py.bool", py_bool, 0},
    {"py.hasattr", py_unsupported, 0}, {"py.str", py_unsupported, 0},
    {"py.tuple", py_unsupported, 0}, {"py.list", py_unsupported, 0},
    {"py.filter", py_unsupported, 0}, {"py.dict", py_unsupported, 0},
    {"tl.tensor", py_unsupported, 0}, {"tl.dtype", py_unsupported, 0},
    {"tl.tensor_descriptor", py_unsupported, 0},
    {"tl.inline_asm_elementwise", bi_inline_asm, 0}, {"cuda.globaltimer", bi_sreg, 0}, {"cuda.smid", bi_sreg, 0},
    {"cuda.num_threads", bi_num_threads, 0}, {"cuda.num_warps", bi_num_threads, 0},
    {"tl.pointer_type", bi_pointer_type, 0}, {"tl.const", py_unsupported, 0},
    {"py.namedtuple", py_namedtuple, 0}, {"py.NamedTuple", py_namedtuple, 0},
    {"py.Version", py_version, 0}, {"py.compare_version", py_compare_version, 0},
    {"py.lt", py_operator, 0}, {"py.le", py_operator, 0}, {"py.gt", py_operator, 0},
    {"py.ge", py_operator, 0}, {"py.eq", py_operator, 0}, {"py.ne", py_operator, 0},
    {"triton.cdiv", tr_cdiv, 0}, {"triton.next_power_of_2", tr_next_pow2, 0},
    {"standard._log2", std_log2, 0}, {"core.get_int_dtype", core_get_int_dtype, 0},
    {"triton.Config", tr_config, 0}, {"triton.autotune", tr_autotune, 0},
    {"triton.heuristics", tr_heuristics, 0}, {"triton.jit", tr_jit, 0},
    {"inductor.heuristics", bi_identity, 0},
    {"libdevice.pow", bi_pow, 0}, {"libdevice.atan2", bi_atan2, 0},
    {"libdevice.hypot", bi_hypot, 0}, {"libdevice.copysign", bi_copysign, 0},
    {"libdevice.fmod", bi_fmod, 0}, {"libdevice.isnan", bi_fpclass, 0},
    {"libdevice.j0", bi_bessel, 0}, {"libdevice.j1", bi_bessel, 0},
    {"libdevice.y0", bi_bessel, 0}, {"libdevice.y1", bi_bessel, 0},
    {"libdevice.cyl_bessel_i0", bi_bessel, 0}, {"libdevice.cyl_bessel_i1", bi_bessel, 0},
    {"libdevice.isinf", bi_fpclass, 0}, {"libdevice.signbit", bi_fpclass, 0},
    {"libdevice.finitef", bi_finite, 0}, {"libdevice.isfinited", bi_finite, 0},
    {"libdevice.fmin", bi_minmax, 0}, {"libdevice.fmax", bi_minmax, 0},
    {"libdevice.div_rn", bi_fdiv, 0}, {"libdevice.abs", bi_abs, 0},
    {"libdevice.fabs", bi_abs, 0}, {"libdevice.fma", bi_fma, 0},
    {"libdevice.umulhi", bi_umulhi, 0},
    {"tl.atomic_add", bi_atomic, 0}, {"tl.atomic_and", bi_atomic, 0},
    {"tl.atomic_or", bi_atomic, 0}, {"tl.atomic_xor", bi_atomic, 0},
    {"tl.atomic_xchg", bi_atomic, 0}, {"tl.atomic_max", bi_atomic, 0},
    {"tl.atomic_min", bi_atomic, 0}, {"tl.atomic_cas", bi_atomic, 0},
    {"tl.rand", bi_random, 0}, {"tl.randn", bi_random, 0}, {"tl.randint", bi_random, 0},
    {"tl.randint4x", bi_random, 0}, {"tl.rand4x", bi_random, 0}, {"tl.randn4x", bi_random, 0},
    {"tl.philox", bi_random, 0}, {"tl.uint_to_uniform_float", bi_random, 0},
    {"tl.pair_uniform_to_normal", bi_random, 0},
    {NULL, NULL, 0}};

static const Builtin *find_builtin(const char *name) {
  for (int i = 0; builtins[i].name; i++)
    if (strcmp(builtins[i].name, name) == 0)
      return &builtins[i];
  return NULL;
}

static SVal *make_builtin(const char *name, SVal *self) {
  SVal *b = sv_new(SV_BUILTIN);
  b->s = name;
  b->self = self;
  return b;
}

static const char *const tl_math_names[] = {"abs", "fma", "cdiv", "umulhi", "div_rn", "fdiv",
                                            "max", "min", "sigmoid", "softmax", NULL};

/* Inductor's kernel decorators (torch._inductor.runtime.triton_heuristics): sema.c recognises
 * them by this builtin and never evaluates their arguments (autotuning data for the host). */
static const char *const inductor_decorators[] = {
    "pointwise", "reduction", "persistent_reduction", "cooperative_reduction", "split_scan",
    "template", "foreach", "user_autotune", "fixed_config", NULL};

static SVal *inductor_attr(Loc loc, const char *attr) {
  for (int i = 0; inductor_decorators[i]; i++)
    if (!strcmp(attr, inductor_decorators[i]))
      return make_builtin("inductor.heuristics", NULL);
  error_at(loc, "'%s' of %s is host code that a kernel cannot use", attr, INDUCTOR_DECORATORS);
}

SVal *lookup_module_attr(Sema *S, Loc loc, const char *path, const char *attr) {
  (void)S;
  SVal *h = host_module_attr(loc, path, attr);
  if (h)
    return h;
  if (!strcmp(path, INDUCTOR_DECORATORS))
    return inductor_attr(loc, attr);
  if (!strcmp(path, "triton")) {
    if (!strcmp(attr, "language")) {
      SVal *m = sv_new(SV_MODULE);
      m->s = "triton.language";
      return m;
    }
    const char *n = fmt("triton.%s", attr);
    if (find_builtin(n))
      return make_builtin(n, NULL);
    if (!strcmp(attr, "__version__")) {
      SVal *v = sv_new(SV_STR);
      v->s = TRITON_VERSION;
      return v;
    }
    error_at(loc, "unknown function 'triton.%s'", attr);
  }
  if (!strcmp(path, "operator")) {
    const char *n = fmt("py.%s", attr);
    if (find_builtin(n) && strlen(attr) == 2)
      return make_builtin(n, NULL);
    error_at(loc, "'operator.%s' is not supported", attr);
  }
  if (!strcmp(path, "packaging") && !strcmp(attr, "version")) {
    SVal *m = sv_new(SV_MODULE);
    m->s = "packaging.version";
    return m;
  }
  if (!strcmp(path, "packaging.version") && (!strcmp(attr, "Version") || !strcmp(attr, "parse")))
    return make_builtin("py.Version", NULL);
  if (!strcmp(path, "triton.language") || !strcmp(path, "triton.language.core")) {
    for (int t = 0; t < DT_PTR; t++)
      if (!strcmp(attr, dtype_info[t].name))
        return dtype_val((DType)t, DT__COUNT);
    if (!strcmp(attr, "bool") || !strcmp(attr, "int1")) return dtype_val(DT_I1, DT__COUNT);
    if (!strcmp(attr, "pi32_t")) /* core.py: pi32_t = pointer_type(int32) */
      return dtype_val(DT_PTR, DT_I32);
    if (!strcmp(attr, "constexpr")) return sv_new(SV_CONSTEXPR_T);
    if (!strcmp(path, "triton.language.core") && !strcmp(attr, "get_int_dtype"))
      return make_builtin("core.get_int_dtype", NULL);
    if (!strcmp(attr, "PropagateNan")) {
      SVal *m = sv_new(SV_MODULE);
      m->s = "triton.language.PropagateNan";
      return m;
    }
    if (!strcmp(attr, "random")) {
      SVal *m = sv_new(SV_MODULE);
      m->s = "triton.language.random";
      return m;
    }
    if (!strcmp(attr, "math") || !strcmp(attr, "extra") || !strcmp(attr, "libdevice") ||
        !strcmp(attr, "standard") || !strcmp(attr, "core")) {
      SVal *m = sv_new(SV_MODULE);
      m->s = !strcmp(attr, "libdevice") ? "triton.language.extra.libdevice"
                                        : fmt("triton.language.%s", attr);
      return m;
    }
    const char *n = fmt("tl.%s", attr);
    if (find_builtin(n))
      return make_builtin(n, NULL);
    if (math1_kind(attr) != O_CONST)
      return make_builtin(fmt("math.%s", attr), NULL);
    error_at(loc, "unknown Triton function 'tl.%s'", attr);
  }
  /* triton.language.standard: its public functions are tl's; _log2 is used by name too */
  if (!strcmp(path, "triton.language.standard")) {
    if (!strcmp(attr, "_log2"))
      return make_builtin("standard._log2", NULL);
    const char *n = fmt("tl.%s", attr);
    if (find_builtin(n))
      return make_builtin(n, NULL);
    error_at(loc, "unknown function 'triton.language.standard.%s'", attr);
  }
  /* tl.PropagateNan.ALL / NONE: the enum's values in Triton (propagate_nan= reads them) */
  if (!strcmp(path, "triton.language.PropagateNan")) {
    if (!strcmp(attr, "ALL")) return sv_int(0xFFFF);
    if (!strcmp(attr, "NONE")) return sv_int(0);
    error_at(loc, "tl.PropagateNan has no member '%s' (ALL, NONE)", attr);
  }
  if (!strcmp(path, "triton.language.random")) {
    const char *n = fmt("tl.%s", attr);
    if (find_builtin(n) && find_builtin(n)->fn == bi_random)
      return make_builtin(n, NULL);
    error_at(loc, "unknown function 'tl.random.%s'", attr);
  }
  if (!strcmp(path, "triton.language.math")) {
    for (int i = 0; tl_math_names[i]; i++)
      if (!strcmp(attr, tl_math_names[i]))
        return make_builtin(fmt("tl.%s", attr == tl_math_names[i] ? attr : attr), NULL);
    if (math1_kind(attr) != O_CONST)
      return make_builtin(fmt("math.%s", attr), NULL);
    if (find_builtin(fmt("libdevice.%s", attr)))
      return make_builtin(fmt("libdevice.%s", attr), NULL);
    error_at(loc, "unknown function 'tl.math.%s'", attr);
  }
  if (!strcmp(path, "triton.language.extra.cuda") &&
      (!strcmp(attr, "globaltimer") || !strcmp(attr, "smid") || !strcmp(attr, "num_threads") ||
       !strcmp(attr, "num_warps")))
    return make_builtin(fmt("cuda.%s", attr), NULL);
  if (!strcmp(path, "triton.language.extra") || !strcmp(path, "triton.language.extra.cuda") ||
      !strcmp(path, "triton.language.extra.hip")) {
    SVal *m = sv_new(SV_MODULE);
    m->s = !strcmp(attr, "libdevice") ? "triton.language.extra.libdevice" : fmt("%s.%s", path, attr);
    if (strcmp(attr, "libdevice") != 0 && strcmp(attr, "cuda") != 0 && strcmp(attr, "hip") != 0)
      error_at(loc, "unknown module '%s.%s'", path, attr);
    return m;
  }
  if (strstr(path, "libdevice")) {
    if (math1_kind(attr) != O_CONST)
      return make_builtin(fmt("math.%s", attr), NULL);
    const char *n = fmt("libdevice.%s", attr);
    if (find_builtin(n))
      return make_builtin(n, NULL);
    error_at(loc, "unknown function 'libdevice.%s'", attr);
  }
  if ((!strcmp(path, "typing") && !strcmp(attr, "NamedTuple")) ||
      (!strcmp(path, "collections") && !strcmp(attr, "namedtuple")))
    return make_builtin(fmt("py.%s", attr), NULL);
  if (!strcmp(path, "typing") || !strcmp(path, "collections"))
    error_at(loc, "'%s.%s' is host Python that a kernel cannot use (of %s, tritonc knows %s)",
             path, attr, path, !strcmp(path, "typing") ? "NamedTuple" : "namedtuple");
  if (!strcmp(path, "math")) {
    if (!strcmp(attr, "pi")) return sv_float(3.141592653589793);
    if (!strcmp(attr, "e")) return sv_float(2.718281828459045);
    if (!strcmp(attr, "inf")) return sv_float(INFINITY);
    if (!strcmp(attr, "nan")) return sv_float(NAN);
    error_at(loc, "'math.%s' is not supported in kernels", attr);
  }
  error_at(loc, "attribute '%s' of unknown module '%s'", attr, path);
}

static const char *const tensor_methods[] = {
    "to", "cast", "store", "abs", "fma", "sigmoid", "softmax", "cdiv", "sum", "xor_sum", "max",
    "min", "argmax", "argmin", "reduce", "cumsum", "cumprod", "associative_scan", "expand_dims",
    "reshape", "view", "ravel", "trans", "permute", "flip", "broadcast_to", "join", "split",
    "interleave", "dot", "sort", "gather", "histogram", NULL};

/* x.dtype.is_bf16(), dtype.is_floating(), ...: tl.dtype's predicates, decided at compile time
 * (Triton's lists: int1 is among the unsigned integers). */
static bool dtype_is(Loc loc, DType t, const char *q) {
  static const struct { const char *name; DType dt; } one[] = {
      {"is_int1", DT_I1}, {"is_bool", DT_I1}, {"is_int8", DT_I8}, {"is_int16", DT_I16},
      {"is_int32", DT_I32}, {"is_int64", DT_I64}, {"is_uint8", DT_U8}, {"is_uint16", DT_U16},
      {"is_uint32", DT_U32}, {"is_uint64", DT_U64}, {"is_fp16", DT_F16}, {"is_bf16", DT_BF16},
      {"is_fp32", DT_F32}, {"is_fp64", DT_F64}, {"is_fp8e4nv", DT_F8E4NV}, {"is_fp8e5", DT_F8E5},
      {"is_fp8e4b15", DT_F8E4B15}, {"is_ptr", DT_PTR}};
  for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
    if (!strcmp(q, one[i].name))
      return t == one[i].dt;
  bool sint = t == DT_I8 || t == DT_I16 || t == DT_I32 || t == DT_I64;
  bool uint = t == DT_I1 || t == DT_U8 || t == DT_U16 || t == DT_U32 || t == DT_U64;
  if (!strcmp(q, "is_int_signed")) return sint;
  if (!strcmp(q, "is_int_unsigned")) return uint;
  if (!strcmp(q, "is_int")) return sint || uint;
  if (!strcmp(q, "is_floating")) return dt_is_float(t);
  if (!strcmp(q, "is_standard_floating"))
    return t == DT_F16 || t == DT_BF16 || t == DT_F32 || t == DT_F64;
  if (!strcmp(q, "is_fp8")) return dt_is_fp8(t);
  if (!strcmp(q, "is_block") || !strcmp(q, "is_void") || !strcmp(q, "is_const"))
    return false;
  error_at(loc, "tl.dtype has no method '%s'", q);
}

static SVal *dtype_query(Sema *S, Call *c) {
  (void)S;
  if (c->nargs)
    error_at(c->loc, "dtype.%s() takes no arguments", c->name);
  return sv_bool(dtype_is(c->loc, c->self->dt, c->name));
}

static int mantissa_bits(DType t) {
  switch (t) {
  case DT_F16: return 10;
  case DT_BF16: return 7;
  case DT_F32: return 23;
  case DT_F64: return 52;
  case DT_F8E5: return 2;
  case DT_F8E4NV: case DT_F8E4B15: return 3;
  default: return -1;
  }
}

static SVal *dtype_attr(Loc loc, SVal *t, const char *attr) {
  if (!strcmp(attr, "element_ty") && t->dt == DT_PTR)
    return dtype_val(t->elt, DT__COUNT);
  if (!strcmp(attr, "primitive_bitwidth"))
    return sv_int(dt_bits(t->dt));
  if (!strcmp(attr, "value") || !strcmp(attr, "scalar")) /* a constexpr's value; a block's */
    return t;                                            /* element type: the dtype itself */
  if (!strcmp(attr, "int_bitwidth") && dt_is_int(t->dt))
    return sv_int(dt_bits(t->dt));
  if (!strcmp(attr, "fp_mantissa_width") && mantissa_bits(t->dt) >= 0)
    return sv_int(mantissa_bits(t->dt));
  if (!strcmp(attr, "name")) {
    SVal *s = sv_new(SV_STR);
    s->s = t->dt == DT_PTR ? fmt("pointer<%s>", dtype_info[t->elt].name) : dtype_info[t->dt].name;
    return s;
  }
  if (!strncmp(attr, "is_", 3)) {
    (void)dtype_is(loc, t->dt, attr); /* an unknown predicate fails here, where it is named */
    return make_builtin(fmt("dtype.%s", attr), t);
  }
  error_at(loc, "dtype attribute '%s' is not supported", attr);
}

SVal *tensor_attr(Sema *S, Loc loc, SVal *t, const char *attr) {
  (void)S;
  if (t->k == SV_DTYPE)
    return dtype_attr(loc, t, attr);
  if (t->k == SV_FUNC)
    error_at(loc, "attribute '%s' of a jit function is not supported", attr);
  if (t->k == SV_BLOCKPTR || t->k == SV_TDESC) {
    SVal *f = blockptr_field(t, attr);
    if (f)
      return f;
    if (t->k == SV_TDESC && find_builtin(fmt("tdesc.%s", attr))) /* load, store, atomic_* */
      return make_builtin(fmt("tdesc.%s", attr), t);
    if (t->k == SV_BLOCKPTR && !strcmp(attr, "advance"))
      return make_builtin("tl.advance", t);
    error_at(loc, "%s has no attribute or method '%s' that tritonc supports", sv_kind_name(t),
             attr);
  }
  Value *v = t->v;
  if (!strcmp(attr, "dtype"))
    return dtype_val(v->dt, v->elt);
  if (!strcmp(attr, "type"))
    return dtype_val(v->dt, v->elt);
  if (!strcmp(attr, "shape")) {
    SVal *s = sv_tuple(v->sh.rank);
    for (int i = 0; i < v->sh.rank; i++)
      s->items[i] = sv_int(v->sh.d[i]);
    return s;
  }
  if (!strcmp(attr, "numel"))
    return sv_int(shape_numel(v->sh));
  if (!strcmp(attr, "T")) {
    Call c = {loc, "T", t, NULL, 0, NULL, NULL, 0, 0};
    return bi_permute(S, &c);
  }
  if (!strcmp(attr, "logical_and") || !strcmp(attr, "logical_or"))
    return make_builtin(fmt("tensor.%s", attr), t); /* methods only: there is no tl.logical_and */
  for (int i = 0; tensor_methods[i]; i++)
    if (!strcmp(attr, tensor_methods[i])) {
      const char *n = fmt("tl.%s", attr);
      if (!find_builtin(n))
        n = fmt("math.%s", attr);
      return make_builtin(n, t);
    }
  if (math1_kind(attr) != O_CONST)
    return make_builtin(fmt("math.%s", attr), t);
  error_at(loc, "tensor has no attribute or method '%s'", attr);
}

SVal *call_builtin(Sema *S, Loc loc, SVal *fn, SVal **args, int nargs, const char **kwn,
                   SVal **kwv, int nkw) {
  const char *dot = strchr(fn->s, '.');
  Call c = {loc, dot ? dot + 1 : fn->s, fn->self, args, nargs, kwn, kwv, nkw, 0};
  SVal *r;
  if (host_builtin_name(fn->s) && (S->host || strncmp(fn->s, "py.", 3))) {
    r = host_call(S, loc, fn->s, fn->self, args, nargs, kwn, kwv, nkw);
  } else if (!strncmp(fn->s, "math.", 5)) {
    r = bi_math1(S, &c);
  } else if (!strncmp(fn->s, "dtype.", 6)) {
    r = dtype_query(S, &c);
  } else {
    const Builtin *b = find_builtin(fn->s);
    if (!b)
      die("no builtin named %s", fn->s);
    r = b->fn(S, &c);
  }
  if (strncmp(fn->s, "py.", 3) != 0 && strncmp(fn->s, "triton.", 7) != 0)
    check_keywords(S, &c, strncmp(fn->s, "math.", 5) ? fn->s : fmt("tl.%s", fn->s + 5));
  return r;
}
