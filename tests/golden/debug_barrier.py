# tritonc: -n barrier_inplace_kernel -s "*fp32, *i64, i32, 1024" -g "40, 1, 1"
# file: tests/conformance/kernels/debug_ops.py
# The C target drops tl.debug_barrier (one thread per program); cu_debug_barrier is its
# __syncthreads() on the GPU.
