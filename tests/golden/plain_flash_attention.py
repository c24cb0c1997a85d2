# tritonc: --include-runtime --plain -n attn_fwd_kernel -s "*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32:16, i32:16, fp32, 64, 64, 32, True" -g "cdiv(N_CTX, 64), 6, 1"
# file: examples/flash_attention.py
