# tritonc: --target cuda -w 4 -n matmul_desc_kernel -s "tensordesc<fp16[64, 32]>, tensordesc<fp16[32, 64]>, tensordesc<fp16[64, 64]>, i32, i32, i32, i32, 64, 64, 32, 8" -g "NUM_PROGRAMS, 1, 1"
# file: examples/matmul_descriptor.py
# The persistent descriptor matmul on the CUDA target, fp16 operands into tl.dot.
