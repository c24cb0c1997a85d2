# tritonc: -n locked_sum_kernel -s "*i32:16, *i32:16, *i32, *i32, i32, 4, 64" -g "cdiv(n, 64), 1, 1"
# file: tests/conformance/kernels/atomics.py
