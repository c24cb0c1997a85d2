# tritonc: -n mm_nk_ptr -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 64, 64, 32, 8" -g "cdiv(M, 64) * cdiv(N, 64), 1, 1" --target cuda -w 4 -ns 3
# file: bench/forms_kernels.py
# c = a @ W^T with W stored [N, K] and its [BK, BN] tile reached straight through pointers
# (w + rn[None, :] * K + rk[:, None]): the axis facts say the tile runs along K, so cuda/order.c
# loads it as the [BN, BK] tile tl.trans reads, and W streams by cp.async into the same K-major
# swizzled ring as a's (wgmma, B K-major), as the tl.trans(w) spelling does.
