# tritonc: --target cuda -n matmul_bp_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:16, i32:16, 64, 64, 32, 8" -g "cdiv(M, 64) * cdiv(N, 64), 1, 1"
# file: examples/matmul_block_ptr.py
# The block-pointer matmul on the CUDA target, fp16: the checked block-pointer loads are masked
# loads of pointer tiles like any other, feeding tl.dot.
