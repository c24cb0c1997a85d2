# tritonc: --include-runtime --plain -n matmul_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, 64, 64, 32, 8, True" -g "cdiv(M, 64) * cdiv(N, 64), 1, 1"
# file: examples/matmul.py
