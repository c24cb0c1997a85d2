# tritonc: --include-runtime -n row_sum_kernel -s "*fp32, *fp32, i32, i32, i32, 8, 64" -g "cdiv(M, 8), 1, 1"
# file: examples/reductions.py
