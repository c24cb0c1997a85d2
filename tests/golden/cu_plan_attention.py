# tritonc: -n attn_fwd_kernel -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, fp32, 64, 128, 64, False" -g "cdiv(N_CTX, 128), 128, 1" --target cuda -w 8 -ns 3 --emit plan
# file: examples/flash_attention.py
# --emit plan of flash attention (golden cu_attention_regs): k and v stream through ring 0 (k as
# it is, K-major, for tl.trans(k)), q is pinned (staged once before the loop), both dots are
# wgmma over 2x1 warpgroups, p's cast is packed and p @ v takes A from registers; the row
# statistics m_i and l_i stay where the accumulator's rows are (wgmma-rows).
