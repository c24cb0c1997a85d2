# tritonc: -n timer_kernel -s "*i32, *i64, *i32, 100" -g "1, 1, 1" -w 8
# file: tests/conformance/kernels/cuda_extra.py
