# tritonc: -n extremes_kernel -s "*i64, *u64"
# Python's ints are unbounded, and Triton computes constexpr arithmetic in Python: a step in
# [2**63, 2**64) on the way is exact, and a result there is a uint64 constant. FlagGems'
# get_dtype_max(tl.int64) is 2 ** (64 - 1) - 1, its get_dtype_min -1 * 2 ** (64 - 1), its
# sort's (1 << (64 - 1)) - 1 (each 'does not fit in 64 bits' before).
import triton
import triton.language as tl


@triton.jit
def extremes_kernel(i_ptr, u_ptr):
    width: tl.constexpr = 64
    tl.store(i_ptr, 2 ** (width - 1) - 1)
    tl.store(i_ptr + 1, -1 * 2 ** (width - 1))
    tl.store(i_ptr + 2, (1 << (width - 1)) - 1)
    tl.store(i_ptr + 3, -(2 ** 63))
    tl.store(u_ptr, 2 ** (width - 1) + (2 ** (width - 1) - 1))
    tl.store(u_ptr + 1, (2 ** 63 + 5) >> 1)
