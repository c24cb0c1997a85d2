# tritonc: -n seeded_dropout_kernel -s "*fp32:16, *fp32:16, i32, fp32, i32, 1024" -g "cdiv(n_elements, 1024), 1, 1"
# file: examples/dropout.py
