# tritonc: --target cuda -n row_sum_kernel -s "*fp32, *fp32, i32, i32, i32, 8, 64" -g "cdiv(M, 8), 1, 1"
# file: examples/reductions.py
# Row sums over a column loop: a loop-carried accumulator and a reduction along dim 1.
