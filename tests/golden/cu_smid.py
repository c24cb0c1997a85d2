# tritonc: --target cuda -n smid_kernel -s "*i32" -g "1024, 1, 1"
# file: tests/conformance/kernels/cuda_extra.py
