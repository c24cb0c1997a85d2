# The kernel the golden tests err_dot_scaled_* translate with bad signatures: formats as string
# constexprs, operand shapes from M, N, KA (lhs columns), KB (rhs rows), SK (scale columns).
import triton
import triton.language as tl


@triton.jit
def bad_kernel(a_ptr, sa_ptr, b_ptr, c_ptr, FA: tl.constexpr, FB: tl.constexpr, M: tl.constexpr,
               N: tl.constexpr, KA: tl.constexpr, KB: tl.constexpr, SK: tl.constexpr,
               KPACK: tl.constexpr, OUT16: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * KA + tl.arange(0, KA)[None, :])
    b = tl.load(b_ptr + tl.arange(0, KB)[:, None] * N + tl.arange(0, N)[None, :])
    sa = tl.load(sa_ptr + tl.arange(0, M)[:, None] * SK + tl.arange(0, SK)[None, :])
    out: tl.constexpr = tl.float16 if OUT16 else tl.float32
    c = tl.dot_scaled(a, sa, FA, b, None, FB, lhs_k_pack=KPACK, out_dtype=out)
    tl.store(c_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], c)
