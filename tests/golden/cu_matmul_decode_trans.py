# tritonc: -n mm_nk_trans -s "*fp16:16, *fp16:16, *fp16:16, i32, i32:16, i32:16, 16, 64, 128, 8" -g "cdiv(M, 16) * cdiv(N, 64), 1, 1" --target cuda -w 4 -ns 4
# file: bench/forms_kernels.py
# A decode-shaped linear layer (16-row blocks: no wgmma shape) with W [N, K] through tl.trans: on
# mma.sync W streams by cp.async into a ring of 4 stages as it is, K-major, and its fragments are
# read by ldmatrix without .trans from [N, K] rows, as A's are (before: W was transposed through
# registers at every K step).
