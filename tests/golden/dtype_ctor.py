# tritonc: --include-runtime -n k -s "*fp32, *i32, 16"
# A dtype called as a constructor (tl.float32(-float("inf")), tl.int32(7.9)): a scalar of that
# dtype. Triton 3.6 itself rejects the call ("'dtype' object is not callable"); tritonc accepts it
# as a cast of a constant, which is what kernels that write it mean.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    best = tl.float32(-float("inf"))
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.maximum(x, best))
    tl.store(y_ptr + offs, offs + tl.int32(7.9))
