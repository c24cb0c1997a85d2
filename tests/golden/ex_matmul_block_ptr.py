# tritonc: --include-runtime -n matmul_bp_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, 32, 32, 32, 4" -g "cdiv(M, 32) * cdiv(N, 32), 1, 1"
# file: examples/matmul_block_ptr.py
# The block-pointer matmul: block pointers become pointer tiles and masks, so each checked load
# in the K loop is vector code over the contiguous dimension (a loop over whole vectors in bounds,
# then masked), the offsets tl.advance moves are int64 loop-carried scalars (a_block_off1, ...).
