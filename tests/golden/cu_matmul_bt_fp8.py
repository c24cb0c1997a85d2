# tritonc: -n matmul_bt_kernel -s "*fp8e5:16, *fp8e4nv:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64" -g "cdiv(M, 128), cdiv(N, 128), 1" --target cuda -w 4 -ns 3
# file: examples/matmul.py
# fp8 e5m2 x e4m3 -> fp32 with B = tl.trans(bt), bt stored [N, K]: both operands K-major, streamed
# by cp.async into 64-byte swizzle atoms (64 bytes of K), wgmma m64n128k32 .e5m2.e4m3 on sm_90a
# through K-major descriptors (tc_wgmma_e5m2_e4m3_n128_kb), waiting for the group before;
# mma.sync m16n8k32 on the same layout elsewhere.
