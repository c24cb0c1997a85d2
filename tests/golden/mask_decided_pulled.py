# tritonc: -n causal_mask_kernel -s "*fp32, *fp32, i32, 64" -g "cdiv(T, 64), 1, 1"
# A row value whose only read is a check the whole-vector loop decides, inside a pulled mask
# (flash-linear-attention's m_s = (o_q[:, None] >= o_k[None, :]) & (m_q[:, None] & m_k[None, :]):
# in that loop m_s is m_q): the column index o_k is marked used there, so the C compiles without
# -Wunused-variable (tests/cli.sh compiles it with -Werror).
import triton
import triton.language as tl


@triton.jit
def causal_mask_kernel(q_ptr, out_ptr, T, BT: tl.constexpr):
    i_t = tl.program_id(0)
    o_q = i_t * BT + tl.arange(0, BT)
    o_k = i_t * BT + tl.arange(0, BT)
    m_q = o_q < T
    m_k = o_k < T
    m_s = (o_q[:, None] >= o_k[None, :]) & (m_q[:, None] & m_k[None, :])
    p = o_q[:, None] * BT + tl.arange(0, BT)[None, :]
    b = tl.load(q_ptr + p, mask=m_q[:, None], other=0.)
    tl.store(out_ptr + p, tl.where(m_s, b, 0.), mask=m_q[:, None])
