/* blockptr.c — block pointers (tl.make_block_ptr, tl.advance, tl.load/tl.store of a block
 * pointer) and tensor descriptors (tl.make_tensor_descriptor, desc.load, desc.store).
 *
 * Neither needs an op of its own: in sema a block pointer is a bundle of scalars (base pointer,
 * per dimension a shape, a stride and an offset, plus the static block shape and order), and a
 * load or store through it becomes the pointer tile and mask Triton's RewriteTensorPointer pass
 * builds: index_d = offset_d + arange(0, block_d) in int64, pointer = base + sum(index_d *
 * stride_d), mask = 0 <= index_d < shape_d over the checked dimensions. Both targets and the
 * axis analysis then see an ordinary masked load/store, so a unit inner stride stays a vector
 * access. A descriptor is the same bundle without offsets; its load and store check every
 * dimension (out-of-bounds reads give the padding, writes are dropped, as TMA does).
 * Semantics and messages follow triton/language/semantic.py (make_block_ptr, advance,
 * _load_block_pointer, _store_block_pointer, make_tensor_descriptor, descriptor_load/store).
 */
#include "sema.h"

#include <math.h>
#include <string.h>

static SVal *sv_bundle(SKind k, BlockPtr *bp) {
  SVal *v = sv_new(k);
  v->bp = bp;
  return v;
}

/* A tuple/list argument (or a single value, as Triton's hasattr(x, "__iter__") test allows). */
static int items_of(SVal *v, SVal ***items) {
  if (v->k == SV_TUPLE) {
    *items = v->items;
    return v->n;
  }
  *items = arena_alloc(sizeof(SVal *));
  (*items)[0] = v;
  return 1;
}

/* semantic._convert_elem_to_ir_value: shape/strides are int64, offsets int32 (an int64 tensor
 * is refused). The result is an int, or an int64 scalar tensor (offsets are widened here, as
 * RewriteTensorPointer widens them before adding the ranges). */
static SVal *index_scalar(Sema *S, Loc loc, const char *fn, const char *what, SVal *e, bool i64) {
  if (e->k == SV_INT || e->k == SV_BOOL) {
    if (!i64 && (e->u64 || e->i < INT32_MIN || e->i > INT32_MAX))
      error_at(loc, "%s(): block pointers only support 32-bit %s, got %lld (out of range)", fn,
               what, (long long)e->i);
    if (e->u64)
      error_at(loc, "%s(): %s value does not fit int64", fn, what);
    return sv_int(e->i);
  }
  if (e->k != SV_TENSOR)
    error_at(loc, "%s(): expected integers in %s, got %s", fn, what, sv_kind_name(e));
  Value *v = e->v;
  if (v->sh.rank)
    error_at(loc, "%s(): expected a scalar in %s, got %s", fn, what, sv_kind_name(e));
  if (!dt_is_int(v->dt))
    error_at(loc, "%s(): expected an integer scalar type in %s, got %s", fn, what,
             dtype_info[v->dt].name);
  if (!i64 && dt_bits(v->dt) == 64)
    error_at(loc, "%s(): block pointers only support 32-bit %s; add a .to(tl.int32) or use "
             "regular indexing for 64-bit support", fn, what);
  return sv_tensor(cast_to(S, loc, v, DT_I64));
}

/* A list of `rank` index scalars (rank < 0: whatever length is given). */
static int index_list(Sema *S, Loc loc, const char *fn, const char *what, SVal *v, int rank,
                      bool i64, SVal **out) {
  SVal **it;
  int n = items_of(v, &it);
  if (rank >= 0 && n != rank)
    error_at(loc, "%s(): %s has %d entries but the block has rank %d (one entry per dimension)",
             fn, what, n, rank);
  if (n > MAXRANK)
    error_at(loc, "%s(): at most %d dimensions are supported, got %d", fn, MAXRANK, n);
  for (int i = 0; i < n; i++)
    out[i] = index_scalar(S, loc, fn, what, it[i], i64);
  return n;
}

/* block_shape: constexpr powers of two (core._unwrap_shape, _utils.validate_block_shape). */
static int block_list(Sema *S, Loc loc, const char *fn, SVal *v, int *out) {
  SVal **it;
  int n = items_of(v, &it);
  if (n < 1 || n > MAXRANK)
    error_at(loc, "%s(): block_shape must have 1 to %d dimensions, got %d", fn, MAXRANK, n);
  Shape sh = {n, {0}};
  for (int i = 0; i < n; i++) {
    if (it[i]->k != SV_INT)
      error_at(loc, "%s(): block_shape element %d must be a constexpr integer, got %s", fn, i,
               sv_kind_name(it[i]));
    if (it[i]->i <= 0 || it[i]->i > INT32_MAX || (it[i]->i & (it[i]->i - 1)))
      error_at(loc, "%s(): block_shape element %d must be a power of 2, got %lld", fn, i,
               (long long)it[i]->i);
    out[i] = sh.d[i] = (int)it[i]->i;
  }
  check_shape(S, loc, sh);
  return n;
}

static Value *base_pointer(Sema *S, Loc loc, const char *fn, SVal *b) {
  if (b->k != SV_TENSOR || b->v->dt != DT_PTR || b->v->sh.rank)
    error_at(loc, "%s(): expected `base` to be a pointer (not a block pointer, a tensor of "
             "pointers or another value), got %s", fn, sv_kind_name(b));
  Value *p = b->v;
  if (p->elt == DT_I1) { /* *i1 is read and written as *i8, as in Triton */
    Value *r = emit1(S, O_BITCAST, loc, DT_PTR, p->sh, 1, &p);
    r->elt = DT_I8;
    r->cptr = p->cptr;
    p = r;
  }
  return p;
}

// tl.make_block_ptr(base, shape, strides, offsets, block_shape, order)
SVal *blockptr_make(Sema *S, Loc loc, SVal *base, SVal *shape, SVal *strides, SVal *offsets,
                    SVal *block_shape, SVal *order) {
  const char *fn = "make_block_ptr";
  BlockPtr *bp = arena_alloc(sizeof *bp);
  bp->rank = block_list(S, loc, fn, block_shape, bp->block);
  index_list(S, loc, fn, "shape", shape, bp->rank, true, bp->shape);
  index_list(S, loc, fn, "strides", strides, bp->rank, true, bp->strides);
  index_list(S, loc, fn, "offsets", offsets, bp->rank, false, bp->offsets);
  bp->base = base_pointer(S, loc, fn, base);
  SVal **it;
  int n = items_of(order, &it);
  if (n != bp->rank)
    error_at(loc, "%s(): order has %d entries but the block has rank %d (one entry per dimension)",
             fn, n, bp->rank);
  unsigned seen = 0;
  for (int i = 0; i < n; i++) {
    if (it[i]->k != SV_INT || it[i]->i < 0 || it[i]->i >= n || (seen >> it[i]->i & 1))
      error_at(loc, "%s(): order must be a permutation of (0, ..., %d) of constexpr integers", fn,
               n - 1);
    seen |= 1u << it[i]->i;
    bp->order[i] = (int)it[i]->i;
  }
  return sv_bundle(SV_BLOCKPTR, bp);
}

static BlockPtr *need_bp(Loc loc, const char *fn, SVal *v, SKind k) {
  if (v->k != k)
    error_at(loc, "%s(): expected %s, got %s", fn,
             k == SV_BLOCKPTR ? "a block pointer (tl.make_block_ptr)"
                              : "a tensor descriptor (tl.make_tensor_descriptor)",
             sv_kind_name(v));
  return v->bp;
}

// tl.advance(base, offsets)  /  block_ptr.advance(offsets)
SVal *blockptr_advance(Sema *S, Loc loc, SVal *ptr, SVal *offsets) {
  BlockPtr *old = need_bp(loc, "advance", ptr, SV_BLOCKPTR), *bp = arena_alloc(sizeof *bp);
  *bp = *old;
  SVal *d[MAXRANK];
  index_list(S, loc, "advance", "offsets", offsets, old->rank, false, d);
  for (int i = 0; i < bp->rank; i++) /* + 0 keeps the value: a loop then sees it unchanged */
    if (!(d[i]->k == SV_INT && d[i]->i == 0))
      bp->offsets[i] = binary(S, loc, OP_ADD, old->offsets[i], d[i]);
  return sv_bundle(SV_BLOCKPTR, bp);
}

/* semantic._canonicalize_boundary_check: bit d set = dimension d is checked. */
static unsigned boundary_dims(Loc loc, const char *fn, SVal *bc, int rank) {
  if (!bc || bc->k == SV_NONE)
    return 0;
  SVal **it;
  int n = items_of(bc, &it);
  unsigned dims = 0;
  for (int i = 0; i < n; i++) {
    if (it[i]->k != SV_INT)
      error_at(loc, "%s(): boundary_check entries must be constexpr integers, got %s", fn,
               sv_kind_name(it[i]));
    if (it[i]->i < 0 || it[i]->i >= rank)
      error_at(loc, "%s(): boundary_check dimension %lld is out of range for a block of rank %d",
               fn, (long long)it[i]->i, rank);
    if (dims >> it[i]->i & 1)
      error_at(loc, "%s(): duplicate dimension %lld in boundary_check", fn, (long long)it[i]->i);
    dims |= 1u << it[i]->i;
  }
  return dims;
}

typedef enum { PAD_NONE, PAD_ZERO, PAD_NAN } Padding;

/* semantic._str_to_padding_option */
static Padding padding_of(Loc loc, const char *fn, SVal *p) {
  if (!p || p->k == SV_NONE)
    return PAD_NONE;
  if (p->k != SV_STR)
    error_at(loc, "%s(): padding_option must be a string, got %s", fn, sv_kind_name(p));
  if (!p->s[0])
    return PAD_NONE;
  if (!strcmp(p->s, "zero"))
    return PAD_ZERO;
  if (!strcmp(p->s, "nan"))
    return PAD_NAN;
  error_at(loc, "%s(): padding option '%s' is not supported (use \"zero\" or \"nan\")", fn, p->s);
}

static Shape block_shape_of(BlockPtr *bp) {
  Shape sh = {bp->rank, {0}};
  for (int d = 0; d < bp->rank; d++)
    sh.d[d] = bp->block[d];
  return sh;
}

/* offsets + arange(0, block[d]) in int64, laid along dimension d of the block: [1, .., B, .., 1] */
static SVal *index_tile(Sema *S, Loc loc, BlockPtr *bp, SVal *off, int d) {
  Value *r = emit1(S, O_ARANGE, loc, DT_I32, (Shape){1, {bp->block[d]}}, 0, NULL);
  r->def->ival = 0;
  SVal *idx = binary(S, loc, OP_ADD, sv_tensor(cast_to(S, loc, r, DT_I64)), off);
  Shape sh = {bp->rank, {0}};
  for (int i = 0; i < bp->rank; i++)
    sh.d[i] = i == d ? bp->block[d] : 1;
  return sv_tensor(reshape_to(S, loc, idx->v, sh));
}

/* The pointer tile and (for checked dimensions) the mask of one access. */
static Value *access_tile(Sema *S, Loc loc, BlockPtr *bp, SVal **offs, unsigned checked,
                          Value **mask) {
  Shape sh = block_shape_of(bp);
  SVal *ptr = sv_tensor(bp->base), *m = NULL;
  for (int d = 0; d < bp->rank; d++) {
    SVal *idx = index_tile(S, loc, bp, offs[d], d), *st = bp->strides[d];
    SVal *term = st->k == SV_INT && st->i == 1 ? idx : binary(S, loc, OP_MUL, idx, st);
    ptr = binary(S, loc, OP_ADD, ptr, term);
    if (checked >> d & 1) {
      SVal *ok = binary(S, loc, OP_BITAND, binary(S, loc, OP_GE, idx, sv_int(0)),
                        binary(S, loc, OP_LT, idx, bp->shape[d]));
      m = m ? binary(S, loc, OP_BITAND, m, ok) : ok;
    }
  }
  *mask = m ? broadcast_to(S, loc, m->v, sh) : NULL;
  return broadcast_to(S, loc, ptr->v, sh);
}

static Value *emit_load(Sema *S, Loc loc, BlockPtr *bp, SVal **offs, unsigned checked,
                        Padding pad) {
  DType et = bp->base->elt;
  Value *mask, *p = access_tile(S, loc, bp, offs, checked, &mask);
  Value *in[3] = {p, mask, NULL};
  int nin = mask ? 2 : 1;
  if (mask && pad != PAD_NONE) {
    Value *o = const_value(S, loc, et, 0, pad == PAD_NAN ? NAN : 0.0);
    in[2] = broadcast_to(S, loc, o, p->sh);
    nin = 3;
  }
  return emit1(S, O_LOAD, loc, et, p->sh, nin, in);
}

static void emit_store(Sema *S, Loc loc, BlockPtr *bp, SVal **offs, unsigned checked,
                       Value *v) {
  Value *mask, *p = access_tile(S, loc, bp, offs, checked, &mask);
  Value *in[3] = {p, v, mask};
  ir_op(S->cur, O_STORE, loc, mask ? 3 : 2, in);
}

static void check_nan_padding(Loc loc, const char *fn, DType et, Padding pad) {
  if (pad == PAD_NAN && !dt_is_float(et))
    error_at(loc, "%s(): padding option 'nan' is not supported for integer block pointers (the "
             "element type is %s)", fn, dtype_info[et].name);
}

// tl.load(block_ptr, boundary_check=(0, 1), padding_option="zero")
SVal *blockptr_load(Sema *S, Loc loc, SVal *ptr, SVal *boundary_check, SVal *padding,
                    bool mask_or_other) {
  BlockPtr *bp = need_bp(loc, "load", ptr, SV_BLOCKPTR);
  if (mask_or_other)
    error_at(loc, "load(): `mask` and `other` arguments cannot be specified for loading block "
             "pointers (use boundary_check and padding_option)");
  Padding pad = padding_of(loc, "load", padding);
  check_nan_padding(loc, "load", bp->base->elt, pad);
  unsigned checked = boundary_dims(loc, "load", boundary_check, bp->rank);
  return sv_tensor(emit_load(S, loc, bp, bp->offsets, checked, pad));
}

// tl.store(block_ptr, value, boundary_check=(0, 1))
void blockptr_store(Sema *S, Loc loc, SVal *ptr, SVal *value, SVal *boundary_check,
                    bool has_mask) {
  BlockPtr *bp = need_bp(loc, "store", ptr, SV_BLOCKPTR);
  if (has_mask)
    error_at(loc, "store(): a `mask` argument cannot be specified for storing through a block "
             "pointer (use boundary_check)");
  if (bp->base->cptr)
    error_at(loc, "Cannot store to a constant pointer (a block pointer on a tl.const parameter)");
  Shape sh = block_shape_of(bp);
  Value *v = to_tensor(S, loc, value);
  if (!v->sh.rank)
    v = broadcast_to(S, loc, v, sh);
  if (!shape_eq(v->sh, sh))
    error_at(loc, "store(): block shape %s and value shape %s mismatch", shape_str(sh),
             shape_str(v->sh));
  if (v->dt != bp->base->elt)
    error_at(loc, "store(): block element type %s and value element type %s mismatch (convert "
             "the value with .to())", dt_name(bp->base->elt, DT__COUNT),
             dt_name(v->dt, v->elt));
  emit_store(S, loc, bp, bp->offsets, boundary_dims(loc, "store", boundary_check, bp->rank), v);
}

// tl.make_tensor_descriptor(base, shape, strides, block_shape, padding_option="zero")
SVal *tdesc_make(Sema *S, Loc loc, const char *fn, SVal *base, SVal *shape, SVal *strides,
                 SVal *block_shape, SVal *padding) {
  BlockPtr *bp = arena_alloc(sizeof *bp);
  SVal **it;
  int nd = items_of(shape, &it);
  if (nd < 1 || nd > 5)
    error_at(loc, "%s(): expected 1 <= ndim <= 5 but got %d dimensions", fn, nd);
  if (items_of(strides, &it) != nd)
    error_at(loc, "%s(): expected %d strides but got %d", fn, nd, items_of(strides, &it));
  if (items_of(block_shape, &it) != nd)
    error_at(loc, "%s(): expected block_shape to have %d dimensions but got %d", fn, nd,
             items_of(block_shape, &it));
  bp->rank = block_list(S, loc, fn, block_shape, bp->block);
  bp->base = base_pointer(S, loc, fn, base);
  int esize = dt_bits(bp->base->elt) / 8;
  if (bp->block[nd - 1] * esize < 16)
    error_at(loc, "Descriptor block shape must have at least 16 bytes in the last dimension, "
             "but got %d * %d = %d bytes (%s())",
             bp->block[nd - 1], esize, bp->block[nd - 1] * esize, fn);
  items_of(strides, &it);
  if (it[nd - 1]->k != SV_INT || it[nd - 1]->i != 1)
    error_at(loc, "%s(): the tensor descriptor's last stride must be 1 (a constexpr), got %s", fn,
             it[nd - 1]->k == SV_INT ? fmt("%lld", (long long)it[nd - 1]->i)
                                     : sv_kind_name(it[nd - 1]));
  index_list(S, loc, fn, "shape", shape, nd, true, bp->shape);
  index_list(S, loc, fn, "strides", strides, nd, true, bp->strides);
  Padding pad = padding && padding->k != SV_NONE ? padding_of(loc, fn, padding) : PAD_ZERO;
  if (pad == PAD_NAN && !dt_is_float(bp->base->elt))
    error_at(loc, "%s(): padding option 'nan' is not supported for integer blocks", fn);
  bp->padding = pad == PAD_NONE ? PAD_ZERO : pad;
  return sv_bundle(SV_TDESC, bp);
}

static void desc_offsets(Sema *S, Loc loc, const char *fn, BlockPtr *bp, SVal *offsets,
                         SVal **out) {
  SVal **it;
  int n = items_of(offsets, &it);
  if (n != bp->rank)
    error_at(loc, "%s(): expected %d offsets, but got %d", fn, bp->rank, n);
  index_list(S, loc, fn, "offsets", offsets, bp->rank, false, out);
}

// desc.load([off0, off1])  /  tl.load_tensor_descriptor(desc, offsets)
SVal *tdesc_load(Sema *S, Loc loc, SVal *desc, SVal *offsets) {
  BlockPtr *bp = need_bp(loc, "load", desc, SV_TDESC);
  SVal *offs[MAXRANK];
  desc_offsets(S, loc, "load", bp, offsets, offs);
  return sv_tensor(emit_load(S, loc, bp, offs, (1u << bp->rank) - 1, (Padding)bp->padding));
}

// desc.store([off0, off1], value)  /  tl.store_tensor_descriptor(desc, offsets, value)
void tdesc_store(Sema *S, Loc loc, SVal *desc, SVal *offsets, SVal *value) {
  BlockPtr *bp = need_bp(loc, "store", desc, SV_TDESC);
  if (bp->base->cptr)
    error_at(loc, "Cannot store to a constant pointer (a descriptor on a tl.const parameter)");
  SVal *offs[MAXRANK];
  desc_offsets(S, loc, "store", bp, offsets, offs);
  Value *v = to_tensor(S, loc, value);
  Shape sh = block_shape_of(bp);
  if (!shape_eq(v->sh, sh))
    error_at(loc, "store(): the value's shape %s must be the descriptor's block shape %s",
             shape_str(v->sh), shape_str(sh));
  v = cast_to(S, loc, v, bp->base->elt); /* implicitly cast to the descriptor's type */
  emit_store(S, loc, bp, offs, (1u << bp->rank) - 1, v);
}

/* desc.atomic_add(offsets, value) and atomic_min, _max, _and, _or, _xor (Triton's TMA
 * reductions): each element of the block reduced into memory, relaxed, the elements past the
 * tensor's edges left out; nothing returned. The element types are Triton's. */
void tdesc_atomic(Sema *S, Loc loc, const char *op, SVal *desc, SVal *offsets, SVal *value) {
  const char *fn = fmt("atomic_%s", op);
  BlockPtr *bp = need_bp(loc, fn, desc, SV_TDESC);
  if (bp->base->cptr)
    error_at(loc, "Cannot store to a constant pointer (a descriptor on a tl.const parameter)");
  DType et = bp->base->elt;
  bool ok;
  if (!strcmp(op, "add"))
    ok = et == DT_U32 || et == DT_I32 || et == DT_U64 || et == DT_F32 || et == DT_F16 ||
         et == DT_BF16;
  else if (!strcmp(op, "min") || !strcmp(op, "max"))
    ok = et == DT_U32 || et == DT_I32 || et == DT_U64 || et == DT_I64 || et == DT_F16 ||
         et == DT_BF16;
  else
    ok = et == DT_U32 || et == DT_I32 || et == DT_U64 || et == DT_I64;
  if (!ok)
    error_at(loc, "%s(): a tensor descriptor of %s has no %s (as in Triton)", fn,
             dtype_info[et].name, fn);
  SVal *offs[MAXRANK];
  desc_offsets(S, loc, fn, bp, offsets, offs);
  Value *v = to_tensor(S, loc, value);
  Shape sh = block_shape_of(bp);
  if (!shape_eq(v->sh, sh))
    error_at(loc, "%s(): the value's shape %s must be the descriptor's block shape %s", fn,
             shape_str(v->sh), shape_str(sh));
  v = cast_to(S, loc, v, et);
  Value *mask, *p = access_tile(S, loc, bp, offs, (1u << bp->rank) - 1, &mask);
  if ((et == DT_F16 || et == DT_BF16) && strcmp(op, "add") != 0) {
    atomic_half_minmax(S, loc, !strcmp(op, "max"), p, v, mask);
    return;
  }
  SVal *relaxed = sv_new(SV_STR);
  relaxed->s = "relaxed";
  atomic_call(S, loc, op, sv_tensor(p), sv_tensor(v), mask ? sv_tensor(mask) : NULL, relaxed,
              NULL);
}

static SVal *int_tuple(const int *v, int n) {
  SVal *t = sv_tuple(n);
  for (int i = 0; i < n; i++)
    t->items[i] = sv_int(v[i]);
  return t;
}

static SVal *sval_tuple(SVal *const *v, int n) {
  SVal *t = sv_tuple(n);
  for (int i = 0; i < n; i++)
    t->items[i] = v[i];
  return t;
}

/* Attributes of a block pointer or descriptor that are not methods (NULL: none such). */
SVal *blockptr_field(SVal *v, const char *attr) {
  BlockPtr *bp = v->bp;
  if (!strcmp(attr, "block_shape"))
    return int_tuple(bp->block, bp->rank);
  if (!strcmp(attr, "shape"))
    return sval_tuple(bp->shape, bp->rank);
  if (!strcmp(attr, "strides"))
    return sval_tuple(bp->strides, bp->rank);
  /* a descriptor's dtype: its element type; a block pointer's: the pointer type, as Triton's
   * (p.dtype.element_ty is common). A block pointer's type is Triton's pointer to a block type,
   * and x.to(p.type.element_ty) casts to that block type's scalar: the same pointer type here
   * gives that cast (FlagGems' generated pointwise kernels store so) */
  if (!strcmp(attr, "dtype") || (v->k == SV_BLOCKPTR && !strcmp(attr, "type"))) {
    SVal *d = sv_new(SV_DTYPE);
    d->dt = v->k == SV_BLOCKPTR ? DT_PTR : bp->base->elt;
    d->elt = v->k == SV_BLOCKPTR ? bp->base->elt : DT__COUNT;
    return d;
  }
  return NULL;
}

/* Two bundles that differ at most in their offsets (a loop or an if may carry those only). */
bool blockptr_same_frame(const SVal *a, const SVal *b) {
  const BlockPtr *x = a->bp, *y = b->bp;
  if (a->k != b->k || x->rank != y->rank || x->base != y->base || x->padding != y->padding)
    return false;
  for (int d = 0; d < x->rank; d++) {
    if (x->block[d] != y->block[d] || x->order[d] != y->order[d])
      return false;
    const SVal *p[2][2] = {{x->shape[d], y->shape[d]}, {x->strides[d], y->strides[d]}};
    for (int k = 0; k < 2; k++)
      if (p[k][0] != p[k][1] && !(p[k][0]->k == p[k][1]->k &&
                                  (p[k][0]->k == SV_TENSOR ? p[k][0]->v == p[k][1]->v
                                                           : p[k][0]->i == p[k][1]->i)))
        return false;
  }
  return true;
}

/* a copy of a block pointer or tensor descriptor, its fields at *fields to change */
SVal *blockptr_copy(const SVal *b, BlockPtr **fields) {
  BlockPtr *n = arena_alloc(sizeof *n);
  *n = *b->bp;
  *fields = n;
  return sv_bundle(b->k, n);
}

SVal *blockptr_with_offsets(const SVal *bp, SVal *const *offsets) {
  BlockPtr *n = arena_alloc(sizeof *n);
  *n = *bp->bp;
  for (int d = 0; d < n->rank; d++)
    n->offsets[d] = offsets[d];
  return sv_bundle(bp->k, n);
}
