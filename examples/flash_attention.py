"""Attention forward, out = softmax(q k^T * scale [+ causal mask]) v, one pass over the keys
with an online softmax (flash attention): a program owns BLOCK_M query rows of one (batch, head)
and walks the keys BLOCK_N at a time, keeping per row the running maximum m, the running sum l
of exp(s - m) and the unnormalised output acc, rescaled whenever the maximum grows. Two tl.dot
per key block: the scores q @ k^T and the update p @ v. q, k, v, out: [Z * H, N_CTX, HEAD_DIM]
row-major (stride_h between heads, stride_n between rows)."""
import triton
import triton.language as tl


@triton.jit
def attn_fwd_kernel(q_ptr, k_ptr, v_ptr, out_ptr, N_CTX, stride_h, stride_n, sm_scale,
                    HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                    CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, HEAD_DIM)
    base = head * stride_h
    q = tl.load(q_ptr + base + rows[:, None] * stride_n + dims[None, :],
                mask=rows[:, None] < N_CTX, other=0.0)
    # exp(x) = exp2(x * log2(e)): fold log2(e) into the scale once
    qk_scale = sm_scale * 1.4426950408889634
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    # causal: keys past the block's last query row contribute nothing
    hi = tl.minimum((start_m + 1) * BLOCK_M, N_CTX) if CAUSAL else N_CTX
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + cols[:, None] * stride_n + dims[None, :],
                    mask=cols[:, None] < N_CTX, other=0.0)
        s = tl.dot(q, tl.trans(k)) * qk_scale
        keep = cols[None, :] < N_CTX
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.math.exp2(m_i - m_new)
        p = tl.math.exp2(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + base + cols[:, None] * stride_n + dims[None, :],
                    mask=cols[:, None] < N_CTX, other=0.0)
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(out_ptr + base + rows[:, None] * stride_n + dims[None, :], out,
             mask=rows[:, None] < N_CTX)


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    Z, H, N, D = 2, 3, 200, 64
    q, k, v = (torch.randn(Z * H, N, D, device="cuda") for _ in range(3))
    out = torch.empty_like(q)
    for causal in (False, True):
        grid = (triton.cdiv(N, 64), Z * H)
        attn_fwd_kernel[grid](q, k, v, out, N, q.stride(0), q.stride(1), D ** -0.5,
                              HEAD_DIM=D, BLOCK_M=64, BLOCK_N=32, CAUSAL=causal)
        ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
        print("causal" if causal else "full", "max error", (out - ref).abs().max().item())
