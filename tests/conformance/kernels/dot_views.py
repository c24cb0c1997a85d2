"""tl.dot operands that are views of other tiles rather than loads: B as tl.trans of a
broadcast row (every column of B the same vector w)."""
import triton
import triton.language as tl


@triton.jit
def dot_trans_broadcast_kernel(a_ptr, w_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    w = tl.load(w_ptr + rk)
    b = tl.trans(tl.broadcast_to(w[None, :], (N, K)))
    c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)
