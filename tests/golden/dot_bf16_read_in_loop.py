# tritonc: -n dot_kernel -s "*bf16, *bf16, *fp32, i32, 32, 32, 32" -g "1, 1, 1"
# A bf16 product into the carried tile that the same trip then stores: acc must hold every
# trip's sum when the store reads it, so the product is tc_dot_bf16 at once, not gathered in a
# panel emptied after the loop (dot_bf16).
import triton
import triton.language as tl


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, K, M: tl.constexpr, N: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, BK)
    acc = tl.zeros((M, N), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
        tl.store(c_ptr + k * M * N + rm[:, None] * N + rn[None, :], acc)
