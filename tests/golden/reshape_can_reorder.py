# tritonc: -n pairs_sum_kernel -s "*fp32, *fp32, 32" -g "1, 1, 1"
# tl.reshape(..., can_reorder=True) and tl.cat(..., can_reorder=True) let the compiler place
# the elements in any order; tritonc keeps them in order (one of the allowed placements), so
# a sum over the reordered axis is the same. Kernel libraries pass the flag for speed.
import triton
import triton.language as tl


@triton.jit
def pairs_sum_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 2 * BLOCK))
    pairs = tl.reshape(x, (BLOCK, 2), can_reorder=True)
    both = tl.cat(tl.sum(pairs, axis=1), tl.max(pairs, axis=1), can_reorder=True)
    tl.store(y_ptr + tl.arange(0, 2 * BLOCK), both)
