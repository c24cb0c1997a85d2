# tritonc: --emit plan -n softmax_kernel -s "*fp32, *fp32, i32, i32, i32, i32, 128" -g "n_rows, 1, 1"
# file: examples/softmax.py
# The C target's decisions (--emit plan, c/plan.c): groups, fused reductions, stored (mat) and
# recomputed (remat) tiles, program-invariant values, tl.dot operands read in place or kept.
