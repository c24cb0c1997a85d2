# tritonc: -n dot_kernel -s "*bf16, *bf16, *fp32, i32, 32, 32, 32" -g "1, 1, 1"
# tl.dot of bf16 tiles on the C target (runtime/tc_simd.h, section amx): on AMX tiles where the
# compiler targets them, else the fp32 micro-kernel. The K loop's `acc += tl.dot(a, b)` gathers
# its trips in a panel (tc_dot_bf16_push), added to acc after the loop (tc_dot_bf16_close); the
# product after the loop is one call (tc_dot_bf16).
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
        acc += tl.dot(a, b)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
