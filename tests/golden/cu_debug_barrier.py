# tritonc: -n barrier_inplace_kernel -s "*fp32, *i64, i32, 1024" -g "40, 1, 1" --target cuda -w 32
# file: tests/conformance/kernels/debug_ops.py
# tl.debug_barrier is __syncthreads() on the GPU: the scalar store to x[y] after it must not race
# the loop's tile store of the same element by another thread (Liger-Kernel's cross entropy
# computed wrong gradients without it). The C target, one thread per program, drops it.
