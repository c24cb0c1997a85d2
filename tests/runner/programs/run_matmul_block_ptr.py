"""examples/matmul_block_ptr.py: the grouped-order matmul through block pointers (tl.advance in
the K loop, boundary checks instead of masks) at sizes that are not multiples of the tiles, in
fp32 and fp16 (the store converts the accumulator), against numpy."""
import numpy as np
from arrays import randn, empty, numpy, assert_close, stride, USE_NUMPY

import triton
import matmul_block_ptr as example

M, N, K = 150, 70, 90
for dtype, tol in (("float32", 1e-3), ("float16", 2e-2)):
    a, b = randn(M, K, dtype=dtype), randn(K, N, dtype=dtype)
    c = empty(M, N, dtype=dtype)
    grid = (triton.cdiv(M, 32) * triton.cdiv(N, 32), )
    example.matmul_bp_kernel[grid](a, b, c, M, N, K, stride(a, 0), stride(b, 0), stride(c, 0),
                                   BLOCK_M=32, BLOCK_N=32, BLOCK_K=32, GROUP_SIZE_M=4)
    ref = numpy(a).astype(np.float64) @ numpy(b).astype(np.float64)
    assert_close(c, ref, atol=tol, rtol=tol, what="block-pointer matmul " + dtype)
print("matmul_block_ptr ok", "numpy" if USE_NUMPY else "torch")
