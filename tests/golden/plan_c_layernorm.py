# tritonc: --emit plan -n _layer_norm_fwd_fused -s "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024"
# file: examples/layernorm.py
# The C target's decisions (--emit plan, c/plan.c): groups, fused reductions, stored (mat) and
# recomputed (remat) tiles, program-invariant values, tl.dot operands read in place or kept.
