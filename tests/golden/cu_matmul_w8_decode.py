# tritonc: -n mm_w8_trans -s "*fp16:16, *i8:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 16, 64, 128, 8" -g "cdiv(M, 16) * cdiv(N, 64), 1, 1" --target cuda -w 4 -ns 4
# file: bench/forms_kernels.py
# int8 weights W [N, K] converted to fp16 in the kernel at the decode step's tiles (16 rows,
# mma.sync): the int8 tile of W streams by cp.async through the ring of 4 stages beside x's, each
# thread converts the chunks it copied (tc_i8x16_f16: byte permutes and f16x2 subtractions) into
# the swizzled K-major B buffer that ldmatrix reads; the cast prints nothing.
