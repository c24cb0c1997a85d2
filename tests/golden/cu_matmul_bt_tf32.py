# tritonc: -n matmul_bt_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 64, 32" -g "cdiv(M, 64), cdiv(N, 64), 1" --target cuda -w 4 -ns 3
# file: examples/matmul.py
# A @ tl.trans(bt) in fp32 at tf32 precision on the CUDA target: a and bt stream by cp.async
# into a ring of 3 stages, bt [N, K] as it is, in the same swizzled K-major rows as a (the
# layout the m16n8k8 B fragments are read in by ldmatrix): nothing is transposed.
