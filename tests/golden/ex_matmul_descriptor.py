# tritonc: -n matmul_desc_kernel -s "tensordesc<fp32[64, 32]>, tensordesc<fp32[32, 64]>, tensordesc<fp32[64, 64]>, i32, i32, i32, i32, 64, 64, 32, 8" -g "NUM_PROGRAMS, 1, 1"
# file: examples/matmul_descriptor.py
