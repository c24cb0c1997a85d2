/* dot_scaled.c — tl.dot_scaled: the matrix product of two blocks in OCP microscaling (MX)
 * formats, checked with Triton's rules (semantic.py `dot_scaled`, DotScaledOp::verify) and
 * lowered as Triton lowers it on GPUs without MX instructions (DecomposeScaledBlocked):
 *   1. each operand is upcast to the compute type, bf16, or fp16 when either format is fp16
 *      (e2m1 nibbles unpacked, fp8 converted: both exact);
 *   2. a scaled operand is multiplied, in the compute type, by 2^(s - 127) for its uint8 e8m0
 *      exponent s, one per 32 (or 16) elements along K, and is NaN where s is 0xFF unless
 *      fast_math (s = 0 gives 0, as Triton's shift-and-bitcast gives);
 *   3. an ordinary tl.dot of the two 16-bit tiles with an fp32 accumulator.
 * Everything becomes existing tile ops, so the targets need nothing of their own. */
#include "sema.h"

#include <math.h>
#include <string.h>

/* The formats Triton's software emulation accepts, with the element type a value of that format
 * has in a kernel and the unsigned type it may also arrive as (bitcast, as semantic.py does). */
static const struct {
  const char *name;
  DType dt, raw;
} formats[] = {{"e2m1", DT_U8, DT_U8},        {"e4m3", DT_F8E4NV, DT_U8},
               {"e5m2", DT_F8E5, DT_U8},      {"bf16", DT_BF16, DT_U16},
               {"fp16", DT_F16, DT_U16},      {NULL, DT_U8, DT_U8}};

static const char *const side[2] = {"lhs", "rhs"};

static int format_index(Loc loc, int i, const char *f) {
  for (int k = 0; formats[k].name; k++)
    if (!strcmp(f, formats[k].name))
      return k;
  error_at(loc, "tl.dot_scaled(): %s_format must be one of \"e2m1\", \"e4m3\", \"e5m2\", \"bf16\", "
                "\"fp16\"; got \"%s\"", side[i], f);
}

static bool is_fp4(const char *f) { return !strcmp(f, "e2m1"); }

/* The operand as a value of its format (uint8 for packed e2m1), or a positioned error. */
static Value *operand_as_format(Sema *S, Loc loc, int i, Value *v, int fi) {
  if (v->dt == formats[fi].dt)
    return v;
  if (v->dt == formats[fi].raw)
    return bitcast_to(S, loc, v, formats[fi].dt);
  if (fi == 0)
    error_at(loc, "tl.dot_scaled(): %s_format \"e2m1\" needs a uint8 %s (two fp4 values per "
                  "byte), got %s", side[i], side[i], dt_name(v->dt, v->elt));
  error_at(loc, "tl.dot_scaled(): %s_format \"%s\" needs a %s or %s %s, got %s", side[i],
           formats[fi].name, dtype_info[formats[fi].dt].name, dtype_info[formats[fi].raw].name,
           side[i], dt_name(v->dt, v->elt));
}

static Value *permute(Sema *S, Loc loc, Value *x, const int *perm) {
  Shape sh = x->sh;
  for (int d = 0; d < x->sh.rank; d++)
    sh.d[d] = x->sh.d[perm[d]];
  Value *r = emit1(S, O_PERMUTE, loc, x->dt, sh, 1, &x);
  memcpy(r->def->perm, perm, sizeof(int) * MAXRANK);
  return r;
}

/* x with a new dimension of n after `axis`, its elements repeated n times along it, folded into
 * `axis` (which grows n-fold): x[..., j, ...] -> y[..., j * n + r, ...] = parts[r][..., j, ...].
 * With n = 2 and two parts this interleaves them; with one part it repeats x. */
static Value *spread(Sema *S, Loc loc, Value **parts, int n, int axis) {
  Value *x = parts[0];
  int rank = x->sh.rank;
  Value *y;
  if (parts[1]) { /* join: the new dimension is the last one; move it after `axis` */
    Shape jsh = x->sh;
    jsh.d[jsh.rank++] = 2;
    y = emit1(S, O_JOIN, loc, x->dt, jsh, 2, parts);
    if (axis != rank - 1) {
      int perm[MAXRANK] = {0};
      for (int d = 0, s = 0; d <= rank; d++)
        perm[d] = d == axis + 1 ? rank : s++;
      y = permute(S, loc, y, perm);
    }
  } else { /* expand_dims after `axis`, then broadcast */
    Shape e = {rank + 1, {0}};
    for (int d = 0, s = 0; d <= rank; d++)
      e.d[d] = d == axis + 1 ? 1 : x->sh.d[s++];
    y = reshape_to(S, loc, x, e);
    e.d[axis + 1] = n;
    y = broadcast_to(S, loc, y, e);
  }
  Shape out = x->sh;
  out.d[axis] *= n;
  return reshape_to(S, loc, y, out);
}

static Value *u_const(Sema *S, Loc loc, DType dt, int64_t v) {
  return const_value(S, loc, dt, v, 0);
}

/* Packed e2m1 bytes -> bf16 values, unpacked along `axis` (low nibble first, as Triton packs).
 * An e2m1 nibble is s ee m: ee != 0 is 2^(ee - 1) * 1.m, ee = 0 is 0 or 0.5 (m). The bf16 bits
 * are built directly: the exponent rebiased from 1 to 127, 0.5 written out, the sign moved. */
static Value *unpack_fp4(Sema *S, Loc loc, Value *x, int axis) {
  Value *parts[2];
  parts[0] = tensor_binop(S, loc, O_AND, x, u_const(S, loc, DT_U8, 0xF));
  parts[1] = tensor_binop(S, loc, O_SHR, x, u_const(S, loc, DT_U8, 4));
  Value *n = spread(S, loc, parts, 2, axis);
  /* one op per statement: C leaves the order of a call's arguments open, the IR must not */
  Value *em = tensor_binop(S, loc, O_AND, n, u_const(S, loc, DT_U8, 7));
  em = cast_to(S, loc, em, DT_U16);
  Value *sign = tensor_binop(S, loc, O_AND, n, u_const(S, loc, DT_U8, 8));
  sign = cast_to(S, loc, sign, DT_U16);
  sign = tensor_binop(S, loc, O_SHL, sign, u_const(S, loc, DT_U16, 12));
  Value *normal = tensor_binop(S, loc, O_SHL, em, u_const(S, loc, DT_U16, 6));
  normal = tensor_binop(S, loc, O_ADD, normal, u_const(S, loc, DT_U16, 126 << 7));
  Value *half = tensor_cmp(S, loc, O_EQ, em, u_const(S, loc, DT_U16, 1));
  Value *zero = u_const(S, loc, DT_U16, 0);
  Value *small = tensor_select(S, loc, half, u_const(S, loc, DT_U16, 0x3F00), zero);
  Value *is_normal = tensor_cmp(S, loc, O_GE, em, u_const(S, loc, DT_U16, 2));
  Value *mag = tensor_select(S, loc, is_normal, normal, small);
  return bitcast_to(S, loc, tensor_binop(S, loc, O_OR, mag, sign), DT_BF16);
}

/* uint8 e8m0 exponents -> 2^(s - 127) in the compute type, as Triton builds them: the byte
 * shifted into a bf16's exponent, or into an fp32's and rounded to fp16. Without fast_math a
 * 0xFF byte gives NaN (Triton selects NaN after the product; a NaN factor gives the same). */
static Value *scale_values(Sema *S, Loc loc, Value *s, DType ct, bool fast_math) {
  Value *f;
  if (ct == DT_BF16) {
    f = cast_to(S, loc, s, DT_U16);
    f = tensor_binop(S, loc, O_SHL, f, u_const(S, loc, DT_U16, 7));
    f = bitcast_to(S, loc, f, DT_BF16);
  } else {
    f = cast_to(S, loc, s, DT_U32);
    f = tensor_binop(S, loc, O_SHL, f, u_const(S, loc, DT_U32, 23));
    f = cast_to(S, loc, bitcast_to(S, loc, f, DT_F32), DT_F16);
  }
  if (fast_math)
    return f;
  Value *is_nan = tensor_cmp(S, loc, O_EQ, s, u_const(S, loc, DT_U8, 0xFF));
  Value *nan = const_value(S, loc, ct, 0, NAN);
  return tensor_select(S, loc, is_nan, nan, f);
}

typedef struct Side {
  Value *v, *scale;
  int fmt;
  bool k_pack;
  int kdim, rows; /* axis of K in the operand; M (lhs) or N (rhs), unpacked */
} Side;

/* The operand as a compute-type tile with K unpacked, times its broadcast scale. */
static Value *upcast(Sema *S, Loc loc, int i, Side *o, DType ct, bool fast_math, int factor) {
  int rank = o->v->sh.rank;
  Value *v;
  if (o->fmt == 0) {
    int packed = o->k_pack ? o->kdim : (i == 0 ? rank - 2 : rank - 1);
    v = cast_to(S, loc, unpack_fp4(S, loc, o->v, packed), ct);
  } else {
    v = cast_to(S, loc, o->v, ct);
  }
  if (!o->scale)
    return v;
  Value *s = bitcast_to(S, loc, o->scale, DT_U8);
  if (i == 1) { /* given as [N, K / factor], like the lhs's; K goes first for the rhs */
    int perm[MAXRANK] = {0};
    for (int d = 0; d < rank; d++)
      perm[d] = d < rank - 2 ? d : (d == rank - 2 ? rank - 1 : rank - 2);
    s = permute(S, loc, s, perm);
  }
  Value *parts[2] = {scale_values(S, loc, s, ct, fast_math), NULL};
  return tensor_binop(S, loc, O_MUL, v, spread(S, loc, parts, factor, o->kdim));
}

/* The scale factor this scale implies (K elements per exponent), 0 without a scale. */
static int scale_factor(Loc loc, int i, Side *o, int K, Value *operand) {
  Value *s = o->scale;
  if (!s)
    return 0;
  int rank = operand->sh.rank;
  if (s->sh.rank == 0 || (s->dt != DT_U8 && s->dt != DT_I8)) /* Triton zero-extends any i8 */
    error_at(loc, "tl.dot_scaled(): %s_scale must be a uint8 tensor of e8m0 exponents or None, "
                  "got %s", side[i], s->sh.rank ? dt_name(s->dt, s->elt) : "a scalar");
  int ks = s->sh.rank == rank ? s->sh.d[rank - 1] : 0;
  int f = ks ? K / ks : 0;
  bool batch_ok = true;
  for (int d = 0; d + 2 < rank && s->sh.rank == rank; d++)
    batch_ok &= s->sh.d[d] == operand->sh.d[d];
  if (s->sh.rank != rank || !batch_ok || s->sh.d[rank - 2] != o->rows || (f != 16 && f != 32) ||
      ks * f != K) {
    Shape want = operand->sh;
    want.d[rank - 2] = o->rows;
    want.d[rank - 1] = K / 32;
    error_at(loc, "tl.dot_scaled(): %s_scale has shape %s; for a product with %s = %d and K = %d "
                  "it must be %s (one e8m0 exponent per 32 K elements; per 16 is accepted too)",
             side[i], shape_str(s->sh), i ? "N" : "M", o->rows, K, shape_str(want));
  }
  return f;
}

static void check_operands(Loc loc, Value *a, Value *b) {
  if (a->sh.rank == 0 || b->sh.rank == 0)
    error_at(loc, "tl.dot_scaled(): both operands must be tensors, got %s and %s",
             a->sh.rank ? "a tensor" : "a scalar", b->sh.rank ? "a tensor" : "a scalar");
  if (!(a->sh.rank == b->sh.rank && (a->sh.rank == 2 || a->sh.rank == 3)))
    error_at(loc, "tl.dot_scaled(): both operands must be 2-D or both 3-D; got %s and %s",
             shape_str(a->sh), shape_str(b->sh));
  if (a->sh.rank == 3 && a->sh.d[0] != b->sh.d[0])
    error_at(loc, "tl.dot_scaled(): batch dimensions differ: %s and %s", shape_str(a->sh),
             shape_str(b->sh));
}

// tl.dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format, acc=None,
//               fast_math=False, lhs_k_pack=True, rhs_k_pack=True, out_dtype=tl.float32)
Value *sema_dot_scaled(Sema *S, Loc loc, const DotScaled *d) {
  if (d->out_dtype != DT_F32)
    error_at(loc, "tl.dot_scaled(): out_dtype must be float32 (the only one Triton supports), "
                  "got %s", dtype_info[d->out_dtype].name);
  check_operands(loc, d->v[0], d->v[1]);
  Side o[2];
  int K[2];
  for (int i = 0; i < 2; i++) {
    int rank = d->v[i]->sh.rank, fi = format_index(loc, i, d->fmt[i]);
    if (!d->k_pack[i] && fi != 0)
      error_at(loc, "tl.dot_scaled(): %s_k_pack=False needs %s_format \"e2m1\" (only fp4 may be "
                    "packed along %s instead of K)", side[i], side[i], i ? "N" : "M");
    o[i] = (Side){operand_as_format(S, loc, i, d->v[i], fi), d->scale[i], fi, d->k_pack[i],
                  i == 0 ? rank - 1 : rank - 2, 0};
    int pack = is_fp4(d->fmt[i]) ? 2 : 1;
    int other = i == 0 ? rank - 2 : rank - 1;
    K[i] = d->v[i]->sh.d[o[i].kdim] * (o[i].k_pack ? pack : 1);
    o[i].rows = d->v[i]->sh.d[other] * (o[i].k_pack ? 1 : pack);
  }
  if (K[0] != K[1])
    error_at(loc, "tl.dot_scaled(): the operands hold different numbers of K elements: lhs %s "
                  "in %s has %d, rhs %s in %s has %d%s", shape_str(d->v[0]->sh), d->fmt[0], K[0],
             shape_str(d->v[1]->sh), d->fmt[1], K[1],
             is_fp4(d->fmt[0]) || is_fp4(d->fmt[1]) ? " (e2m1 packs two values per byte)" : "");
  if (o[0].rows < 16 || o[1].rows < 16 || K[0] < 16)
    error_at(loc, "tl.dot_scaled(): every dimension of the product must be at least 16 (M = %d, "
                  "N = %d, K = %d)", o[0].rows, o[1].rows, K[0]);
  int f0 = scale_factor(loc, 0, &o[0], K[0], d->v[0]);
  int f1 = scale_factor(loc, 1, &o[1], K[0], d->v[1]);
  if (f0 && f1 && f0 != f1)
    error_at(loc, "tl.dot_scaled(): the scales cover different numbers of K elements (lhs: %d, "
                  "rhs: %d)", f0, f1);
  Shape sh = d->v[0]->sh;
  sh.d[sh.rank - 2] = o[0].rows;
  sh.d[sh.rank - 1] = o[1].rows;
  if (d->acc && (d->acc->sh.rank == 0 || !shape_eq(d->acc->sh, sh) || d->acc->dt != DT_F32))
    error_at(loc, "tl.dot_scaled(): the accumulator must be a float32 tensor of shape %s, got %s "
                  "%s", shape_str(sh), dt_name(d->acc->dt, d->acc->elt),
             d->acc->sh.rank ? shape_str(d->acc->sh) : "scalar");
  bool fp16 = !strcmp(d->fmt[0], "fp16") || !strcmp(d->fmt[1], "fp16");
  DType ct = fp16 ? DT_F16 : DT_BF16;
  Value *a = upcast(S, loc, 0, &o[0], ct, d->fast_math, f0 ? f0 : f1);
  Value *b = upcast(S, loc, 1, &o[1], ct, d->fast_math, f1 ? f1 : f0);
  return sema_dot(S, loc, a, b, d->acc, NULL, DT_F32, -1);
}
