# tritonc: -n mm_nk_ptr -s "*fp8e4nv:16, *fp8e4nv:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64, 8" -g "cdiv(M, 128) * cdiv(N, 128), 1, 1" --target cuda -w 8 -ns 3 --emit plan
# file: bench/forms_kernels.py
# --emit plan of an fp8 linear layer whose W [N, K] tile is reached K-major through pointers: the
# dot reads the fp8 tiles themselves (no fp16 casts left), W's load takes the tl.trans form
# (cuda/order.c), and the dot is wgmma m64n128k32 e4m3_e4m3 over 2x1 warpgroups with both
# operands in ring 0 (b=ring0,kmajor).
