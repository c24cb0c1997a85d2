# tritonc: --target cuda -w 8 -n softmax_kernel -s "*fp32:16, *fp32:16, i32:16, i32:16, i32, i32:16, 1024" -g "n_rows, 1, 1"
# file: examples/softmax.py
# Row softmax, one row per program of 8 warps: max and sum reduced by shuffles and shared memory.
