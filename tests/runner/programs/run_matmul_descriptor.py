"""examples/matmul_descriptor.py: the persistent matmul through host-side TensorDescriptors
(triton.tools.tensor_descriptor), at sizes that are not multiples of the blocks, with fewer
programs than tiles, in fp32 and fp16, against numpy; then a descriptor over a strided view
(a column slice of a wider matrix: its row stride is the wider matrix's). Row lengths are
16-byte multiples, as TensorDescriptor requires. Triton's own TensorDescriptor takes torch tensors
only: with Triton installed, the numpy run prints a skip line."""
import numpy as np
from arrays import randn, empty, numpy, assert_close, USE_NUMPY

import matmul_descriptor as example
import triton

if USE_NUMPY and "shim" not in triton.__file__:  # Triton itself is installed
    print("matmul_descriptor skip numpy (Triton's TensorDescriptor takes torch tensors only)")
    raise SystemExit(0)

M, N, K = 150, 72, 88
for dtype, tol in (("float32", 1e-3), ("float16", 2e-2)):
    a, b = randn(M, K, dtype=dtype), randn(K, N, dtype=dtype)
    c = empty(M, N, dtype=dtype)
    example.matmul(a, b, c, block=(32, 32, 32), programs=5)
    ref = numpy(a).astype(np.float64) @ numpy(b).astype(np.float64)
    assert_close(c, ref, atol=tol, rtol=tol, what="descriptor matmul " + dtype)

wide = randn(M, 2 * K + 8)
a = wide[:, 8:8 + K]  # row stride 2 K + 8, base 32 bytes in: still 16-byte aligned
b = randn(K, N)
c = empty(M, N)
example.matmul(a, b, c, block=(64, 32, 16))
assert_close(c, numpy(a).astype(np.float64) @ numpy(b).astype(np.float64), atol=1e-3, rtol=1e-3,
             what="descriptor matmul on a strided view")

# shapes all multiples of 16: the runner specialises the descriptors (`tensordesc<...>:16`)
from triton.tools.tensor_descriptor import TensorDescriptor  # noqa: E402
M2, N2, K2 = 64, 96, 48
a, b, c = randn(M2, K2), randn(K2, N2), empty(M2, N2)
pgm = example.matmul_desc_kernel[(3, )](
    TensorDescriptor.from_tensor(a, [32, 16]), TensorDescriptor.from_tensor(b, [16, 32]),
    TensorDescriptor.from_tensor(c, [32, 32]), M2, N2, K2, 3, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16,
    GROUP_SIZE_M=2)
assert pgm.signature.startswith("tensordesc<fp32[32, 16]>:16, "), pgm.signature
assert_close(c, numpy(a).astype(np.float64) @ numpy(b).astype(np.float64), atol=1e-3, rtol=1e-3,
             what="descriptor matmul, shapes of multiples of 16")

# autotuned as Triton's persistent-matmul tutorial does it: descriptors made with a placeholder
# block, each config's pre_hook sets the blocks from its meta-parameters; the first config, then
# every config timed (the default, TRITONC_AUTOTUNE=bench), each launch translated with the blocks of its config
def set_blocks(nargs):
    bm, bn, bk = nargs["BLOCK_M"], nargs["BLOCK_N"], nargs["BLOCK_K"]
    nargs["a_desc"].block_shape = [bm, bk]
    nargs["b_desc"].block_shape = [bk, bn]
    nargs["c_desc"].block_shape = [bm, bn]


tuned = triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_SIZE_M": 4},
                           pre_hook=set_blocks) for bm, bn, bk in ((32, 64, 16), (64, 32, 32))],
    key=["M", "N", "K"])(example.matmul_desc_kernel)
for mode in ("first", "bench"):
    __import__("os").environ["TRITONC_AUTOTUNE"] = mode
    a, b = randn(M, K), randn(K, N)
    c = empty(M, N)
    descs = [TensorDescriptor.from_tensor(t, [1, 1]) for t in (a, b, c)]
    tuned[lambda meta: (min(6, triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"])), )](
        *descs, M, N, K, 6)
    assert_close(c, numpy(a).astype(np.float64) @ numpy(b).astype(np.float64), atol=1e-3, rtol=1e-3,
                 what="autotuned descriptor matmul, " + mode)
print("matmul_descriptor ok", "numpy" if USE_NUMPY else "torch")
