# tritonc: --include-runtime --plain -n softmax_kernel -s "*fp32, *fp32, i32, i32, i32, i32, 128" -g "n_rows, 1, 1"
# file: examples/softmax.py
