# tritonc: --include-runtime -n softmax_persistent_kernel -s "*fp32, *fp32, i32, i32, i32, i32, 64" -g "8, 1, 1"
# file: examples/softmax.py
