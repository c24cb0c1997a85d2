# tritonc: -n expand_axes_kernel -s "*i32, 32" -g "1, 1, 1"
# tl.expand_dims with a tuple of axes, negative ones normalised against the result's rank and
# inserted in increasing order (Triton's semantics; test_core's test_expand_dims).
import triton
import triton.language as tl


@triton.jit
def expand_axes_kernel(out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    t = tl.expand_dims(offs, (0, -1))
    tl.static_assert(t.shape == [1, N, 1])
    t = tl.expand_dims(offs, (0, 1, 3))
    tl.static_assert(t.shape == [1, 1, N, 1])
    t = tl.expand_dims(offs, (-4, 2, -1))
    tl.static_assert(t.shape == [1, N, 1, 1])
    u = tl.expand_dims(offs, (3, 1, 2))
    tl.static_assert(u.shape == [N, 1, 1, 1])
    tl.store(out_ptr + offs, tl.reshape(t, [N]) + tl.reshape(u, [N]))
