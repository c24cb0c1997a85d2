# tritonc: --target cuda -n add_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" -g "cdiv(n_elements, 1024), 1, 1"
# file: examples/add.py
# The vector add as CUDA: 16-byte loads and stores (n_elements a multiple of 16).
