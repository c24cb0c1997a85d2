# tritonc: -n mm_w8_trans -s "*fp16:16, *i8:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64, 8" -g "cdiv(M, 128) * cdiv(N, 128), 1, 1" --target cuda -w 4 -ns 3
# file: bench/forms_kernels.py
# int8 weights W [N, K] converted to fp16 in the kernel at 128x128x64 (wgmma on sm_90a): W's
# int8 tile streams by cp.async through ring 0 beside x's; at the dot each thread converts the
# chunks it copied (tc_i8x16_f16) into the K-major B buffer of this trip (ring0_half: two buffers
# taken in turn), and the wgmma waits for the group before (the other buffer is then free), the
# last group after the loop.
