# tritonc: --emit plan -n attn_fwd_kernel -s "*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32:16, i32:16, fp32, 64, 64, 32, True" -g "cdiv(N_CTX, 64), 6, 1"
# file: examples/flash_attention.py
# The C target's decisions (--emit plan, c/plan.c): groups, fused reductions, stored (mat) and
# recomputed (remat) tiles, program-invariant values, tl.dot operands read in place or kept.
