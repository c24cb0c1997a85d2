# tritonc: --include-runtime -n add_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, 256" -g "cdiv(n_elements, 256), 1, 1"
# file: examples/add.py
