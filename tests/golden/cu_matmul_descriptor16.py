# tritonc: --target cuda -w 4 -n matmul_desc_kernel -s "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[64, 128]>:16, tensordesc<fp16[128, 128]>:16, i32, i32, i32, i32, 128, 128, 64, 8" -g "NUM_PROGRAMS, 1, 1"
# file: examples/matmul_descriptor.py
# The descriptor matmul with shapes that are multiples of 16 (`:16`, which the runner adds as
# Triton's JIT specialises integers) and the strides of 16-byte multiples TensorDescriptor
# guarantees: each 16-byte chunk of a block is wholly in or out of bounds, so the operands go
# to shared memory by cp.async in a ring of num_stages stages, read by wgmma.
