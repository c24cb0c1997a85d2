/* sort.c — tl.sort, tl.topk, tl.gather, tl.histogram: the checks of Triton 3.6 and one IR op each.
 *
 * Triton writes sort and topk in Python (standard.py) as a bitonic network over the tensor
 * reshaped to a hypercube of 2s; the targets run the same network as loops (src/c/emit_c_sort.c,
 * src/cuda/sort.c), so ties, -0.0/+0.0 and NaNs come out exactly as on the GPU. gather and
 * histogram are Triton IR ops (semantic.py).
 */
#include "sema.h"

static bool pow2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

static void check_sortable(Loc loc, const char *fn, Value *x) {
  if (x->sh.rank == 0)
    error_at(loc, "%s() needs a tensor, got a scalar", fn);
  if (x->dt == DT_PTR)
    error_at(loc, "%s() cannot order pointers", fn);
}

/* dim: the axis given (has_dim) — Triton sorts only along the last one */
static void check_last_dim(Loc loc, const char *fn, Value *x, bool has_dim, int64_t dim) {
  int rank = x->sh.rank;
  if (has_dim && dim != rank - 1)
    error_at(loc, "%s(): only the last dimension (%d) can be sorted, as in Triton; got dim=%lld",
             fn, rank - 1, (long long)dim);
}

// tl.sort(x, dim=None, descending=False)
// tl.topk(x, k, dim=None): the k largest of each line, largest first
Value *sema_sort(Sema *S, Loc loc, const char *fn, Value *x, bool has_dim, int64_t dim, bool desc,
                 int64_t k) {
  check_sortable(loc, fn, x);
  check_last_dim(loc, fn, x, has_dim, dim);
  int n = x->sh.d[x->sh.rank - 1];
  if (k) {
    if (!pow2(k))
      error_at(loc, "topk(): k must be a power of two, got %lld", (long long)k);
    if (k > n)
      error_at(loc, "topk(): k=%lld is larger than the last dimension (%d)", (long long)k, n);
  } else {
    k = n;
  }
  /* Below k == n, Triton's topk takes tl.max of halves, which computes in fp32 for 16-bit floats
   * and in int32 for integers narrower than 32 bits: the result has that type. The casts keep
   * order and equality, so casting before the network gives the same elements. */
  if (k < n && dt_bits(x->dt) < 32)
    x = cast_to(S, loc, x, dt_is_float(x->dt) ? DT_F32 : DT_I32);
  Shape sh = x->sh;
  sh.d[sh.rank - 1] = (int)k;
  Value *r = emit1(S, O_SORT, loc, x->dt, sh, 1, &x);
  r->def->axis = x->sh.rank - 1;
  r->def->ival = k;
  r->def->flags = desc ? 1 : 0;
  return r;
}

// tl.gather(src, index, axis): out[i][j] = src[index[i][j]][j] (axis 0)
Value *sema_gather(Sema *S, Loc loc, Value *src, Value *index, int64_t axis) {
  if (!dt_is_int(index->dt) || index->dt == DT_I1)
    error_at(loc, "gather(): the index must be an integer tensor, got %s",
             dt_name(index->dt, index->elt));
  if (src->dt == DT_PTR)
    error_at(loc, "gather(): gathering pointers is not supported");
  int rank = src->sh.rank;
  if (rank == 0)
    error_at(loc, "gather(): the source must be a tensor, got a scalar");
  if (index->sh.rank != rank)
    error_at(loc, "gather(): the source (%s) and index (%s) tensors must have the same rank",
             shape_str(src->sh), shape_str(index->sh));
  if (axis < -rank || axis >= rank)
    error_at(loc, "gather(): axis %lld is out of range for a tensor of rank %d", (long long)axis,
             rank);
  if (axis < 0)
    axis += rank;
  for (int d = 0; d < rank; d++)
    if (d != axis && index->sh.d[d] != src->sh.d[d])
      error_at(loc, "gather(): index dim %d (%d) must match the source's (%d)", d, index->sh.d[d],
               src->sh.d[d]);
  Value *in[2] = {src, index};
  Value *r = emit1(S, O_GATHER, loc, src->dt, index->sh, 2, in);
  r->def->axis = (int)axis;
  return r;
}

// tl.histogram(input, num_bins, mask=None): int32 counts of the values 0..num_bins-1
Value *sema_histogram(Sema *S, Loc loc, Value *x, int64_t bins, Value *mask) {
  if (x->sh.rank != 1)
    error_at(loc, "histogram(): the input must be a 1-D tensor, got shape %s", shape_str(x->sh));
  if (!dt_is_int(x->dt) || x->dt == DT_I1)
    error_at(loc, "histogram(): the input must hold integers, got %s", dt_name(x->dt, x->elt));
  if (!pow2(bins) || bins > (1 << 20))
    error_at(loc, "histogram(): num_bins must be a power of two (a tensor's size), got %lld",
             (long long)bins);
  Value *in[2] = {x, NULL};
  if (mask) {
    if (mask->dt != DT_I1)
      error_at(loc, "histogram(): the mask must be boolean, got %s", dt_name(mask->dt, mask->elt));
    in[1] = broadcast_to(S, loc, mask, x->sh);
  }
  Value *r = emit1(S, O_HISTOGRAM, loc, DT_I32, (Shape){1, {(int)bins}}, mask ? 2 : 1, in);
  r->def->ival = bins;
  return r;
}
