# tritonc: --include-runtime -n col_sum_kernel -s "*fp32, *fp32, i32, i32, i32, 16, 32" -g "cdiv(N, 32), 1, 1"
# file: examples/reductions.py
