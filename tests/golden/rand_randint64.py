# tritonc: -n randint64_kernel -s "*u64:16, i64, i64, i32, 128" -g "cdiv(n, 128), 1, 1"
# file: tests/conformance/kernels/random_ops.py
