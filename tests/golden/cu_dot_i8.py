# tritonc: -n dot_kernel -s "*i8, *i8, *i32, 32, 64, 64" -g "1, 1, 1" --target cuda
# tl.dot of int8 tiles on the CUDA target: int32 sums on the tensor cores (mma.sync m16n8k32),
# each element staged at its byte of a 16-bit unit, B K-major.
import triton
import triton.language as tl


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)
