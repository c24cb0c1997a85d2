# tritonc: -n matmul_bt_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 64, 32" -g "cdiv(M, 64), cdiv(N, 64), 1" --target cuda -w 4 -ns 3
# file: examples/matmul.py
# A @ tl.trans(bt) in fp32 at tf32 precision on the CUDA target: a and bt stream by cp.async
# into a ring of 3 stages, bt [N, K] as it is, K-major like a: both operands are K-major, the
# only way wgmma takes tf32, so the dot is wgmma m64n64k8 on sm_90a (128-byte swizzle atoms of
# 32 floats) and mma.sync m16n8k8 reading the same atoms elsewhere: nothing is transposed.
