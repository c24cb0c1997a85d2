# tritonc: --include-runtime -n softmax_kernel -s "*fp32:16, *fp32:16, i32, i32, i32, 1024, 1024" -g "n_rows, 1, 1"
# file: examples/softmax.py
