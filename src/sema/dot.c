/* dot.c — tl.dot and the `@` operator: Triton's typing rules for a matrix product of tiles
 * (triton/language/semantic.py `dot`, core.py `dot`), checked here with positioned errors, and
 * the O_DOT op they build. The result's type, shape and accumulator follow Triton exactly; what
 * a target computes (fp32 exactly on the C target, tf32 on a GPU by default) is the target's. */
#include "sema.h"

#include <string.h>

/* Triton's accepted input precisions for fp32 operands (CUDAOptions.allowed_dot_input_precisions). */
static const char *const precisions[] = {"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6", NULL};

/* The precision name as Triton normalises it (lower case), or NULL if it is not one. */
static const char *norm_precision(const char *s) {
  char low[16];
  size_t n = strlen(s);
  if (n >= sizeof low)
    return NULL;
  for (size_t i = 0; i <= n; i++)
    low[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
  for (int i = 0; precisions[i]; i++)
    if (!strcmp(low, precisions[i]))
      return precisions[i];
  return NULL;
}

const char *dot_precision(Loc loc, const char *given) {
  const char *p = norm_precision(given);
  if (!p)
    error_at(loc, "tl.dot(): input_precision must be one of tf32, tf32x3, ieee, bf16x3, bf16x6; "
                  "got '%s'", given);
  return p;
}

static bool dot_operand_dtype(DType t) {
  return t == DT_I8 || t == DT_U8 || t == DT_F16 || t == DT_BF16 || t == DT_F32 || t == DT_F64;
}

/* The element type of the product (semantic.py: int8 -> int32, fp32/bf16 -> fp32, fp64 ->
 * fp64, fp16 -> out_dtype). */
static DType result_dtype(Loc loc, DType in, DType out) {
  if (dt_is_int(in)) {
    if (in != DT_I8)
      error_at(loc, "tl.dot(): only int8 integer operands are supported, got %s",
               dtype_info[in].name);
    return DT_I32;
  }
  if (out == DT_BF16)
    error_at(loc, "tl.dot(): out_dtype=bfloat16 is unsupported; use float32 or float16 and "
                  "cast the result with .to(tl.bfloat16)");
  if (in == DT_F32 || in == DT_BF16)
    return DT_F32;
  if (in == DT_F64)
    return DT_F64;
  if (out != DT_F16 && out != DT_F32)
    error_at(loc, "tl.dot(): out_dtype must be float32 or float16 for float16 operands, got %s",
             dtype_info[out].name);
  return out;
}

static void check_shapes(Loc loc, Value *a, Value *b) {
  int ra = a->sh.rank, rb = b->sh.rank;
  if (!(ra == rb && (ra == 2 || ra == 3)))
    error_at(loc, "tl.dot(): both operands must be 2-D or both 3-D; got %s and %s",
             shape_str(a->sh), shape_str(b->sh));
  int M = a->sh.d[ra - 2], K = a->sh.d[ra - 1], K2 = b->sh.d[rb - 2], N = b->sh.d[rb - 1];
  if (K != K2)
    error_at(loc, "tl.dot(): shapes %s and %s are not compatible for a matrix product (%d "
                  "columns against %d rows)", shape_str(a->sh), shape_str(b->sh), K, K2);
  if (ra == 3 && a->sh.d[0] != b->sh.d[0])
    error_at(loc, "tl.dot(): batch dimensions differ: %s and %s", shape_str(a->sh),
             shape_str(b->sh));
  if (M < 16 || N < 16 || K < 16)
    error_at(loc, "tl.dot(): every dimension must be at least 16 (M = %d, N = %d, K = %d)", M,
             N, K);
  if (dt_bits(a->dt) == 8 && K < 32) /* 8-bit operands: the NVIDIA backend's min_dot_size */
    error_at(loc, "tl.dot(): K must be at least 32 for 8-bit operands, got %d", K);
}

// fp8 operands (float8e4nv, float8e5, float8e4b15, mixed) go to fp16 first, exactly, and the
// products sum in fp32 whatever max_num_imprecise_acc says (it lets Hopper keep fewer bits for
// that many products; full precision is within what it allows).
// tl.dot(a, b, acc=None, input_precision=None, allow_tf32=None, max_num_imprecise_acc=None,
//        out_dtype=tl.float32)  /  a @ b
Value *sema_dot(Sema *S, Loc loc, Value *a, Value *b, Value *acc, const char *precision,
                DType out_dtype, int imprecise) {
  if (a->sh.rank == 0 || b->sh.rank == 0)
    error_at(loc, "tl.dot(): both operands must be tensors, got %s and %s",
             a->sh.rank ? "a tensor" : "a scalar", b->sh.rank ? "a tensor" : "a scalar");
  bool f8 = dt_is_fp8(a->dt) && dt_is_fp8(b->dt); /* any pair of fp8 types, as semantic.py */
  if (!f8 && (!dot_operand_dtype(a->dt) || !dot_operand_dtype(b->dt)))
    error_at(loc, "tl.dot(): unsupported operand type %s (int8, uint8, float16, bfloat16, "
                  "float32, float64, or fp8 with fp8)",
             dt_name(dot_operand_dtype(a->dt) ? b->dt : a->dt,
                     dot_operand_dtype(a->dt) ? b->elt : a->elt));
  if (!f8 && a->dt != b->dt)
    error_at(loc, "tl.dot(): both operands must have the same type, got %s and %s",
             dtype_info[a->dt].name, dtype_info[b->dt].name);
  check_shapes(loc, a, b);
  if (f8 && imprecise > a->sh.d[a->sh.rank - 1])
    error_at(loc, "tl.dot(): max_num_imprecise_acc (%d) must be <= K (%d)", imprecise,
             a->sh.d[a->sh.rank - 1]);
  if (f8) { /* every fp8 value is an fp16 value: the product of fp16 tiles, summed as theirs */
    a = cast_to(S, loc, a, DT_F16);
    b = cast_to(S, loc, b, DT_F16);
  }
  DType rt = result_dtype(loc, a->dt, out_dtype);
  Shape sh = a->sh;
  sh.d[sh.rank - 1] = b->sh.d[b->sh.rank - 1];
  check_shape(S, loc, sh);
  if (acc) {
    if (acc->sh.rank == 0 || !shape_eq(acc->sh, sh))
      error_at(loc, "tl.dot(): the accumulator has shape %s, the product %s",
               acc->sh.rank ? shape_str(acc->sh) : "[] (a scalar)", shape_str(sh));
    if (acc->dt != out_dtype)
      error_at(loc, "tl.dot(): the accumulator has type %s but out_dtype is %s",
               acc->dt == DT_PTR ? "pointer" : dtype_info[acc->dt].name,
               dtype_info[out_dtype].name);
    if (acc->dt != rt)
      error_at(loc, "tl.dot(): the accumulator has type %s, the product of %s operands %s",
               dtype_info[acc->dt].name, dtype_info[a->dt].name, dtype_info[rt].name);
  } else {
    acc = broadcast_to(S, loc, const_value(S, loc, rt, 0, 0.0), sh);
  }
  Value *in[3] = {a, b, acc};
  Value *r = emit1(S, O_DOT, loc, rt, sh, 3, in);
  r->def->str = a->dt == DT_F32 ? (precision ? precision : "tf32") : NULL;
  return r;
}
