# tritonc: -n col_max_kernel -s "*fp32, *fp32, *fp32, i32, 16, 16, 16" -g "1, 1, 1"
# A column index read only by a check the whole-vector loop decides inside a tl.where on a
# product (flash-linear-attention's NSA compression: b_s = tl.where((o_c < NC)[None, :], b_s,
# -inf)): the index is marked used there, so the C compiles without -Wunused-variable
# (tests/cli.sh compiles it with -Werror).
import triton
import triton.language as tl


@triton.jit
def col_max_kernel(q_ptr, k_ptr, out_ptr, NC, G: tl.constexpr, BK: tl.constexpr, BC: tl.constexpr):
    o_g = tl.arange(0, G)
    o_d = tl.arange(0, BK)
    b_q = tl.load(q_ptr + o_g[:, None] * BK + o_d[None, :])
    b_m = tl.full([G], float('-inf'), dtype=tl.float32)
    for i_c in range(0, NC, BC):
        o_c = i_c + tl.arange(0, BC)
        b_k = tl.load(k_ptr + o_d[:, None] + o_c[None, :] * BK, mask=o_c[None, :] < NC, other=0.0)
        b_s = tl.dot(b_q, b_k)
        b_s = tl.where((o_c < NC)[None, :], b_s, float('-inf'))
        b_m = tl.maximum(b_m, tl.max(b_s, 1))
    tl.store(out_ptr + o_g, b_m)
