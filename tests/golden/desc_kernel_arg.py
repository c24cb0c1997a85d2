# tritonc: -n k -s "tensordesc<fp32[16, 32]>, tensordesc<fp16[16, 32]>, 16, 32" -g "cdiv(x_desc_shape0, 16), cdiv(x_desc_shape1, 32), 1"
# Host-side TensorDescriptor arguments (Triton's triton.tools.tensor_descriptor): each becomes
# the base pointer, the shape (i32) and the strides but the last (i64) as C parameters, which
# the grid can read; the kernel reads the descriptor's shape like Triton's frontend does.
import triton
import triton.language as tl


@triton.jit
def k(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr):
    row = tl.program_id(0) * BM
    col = tl.program_id(1) * BN
    x = x_desc.load([row, col])
    scale = 1.0 / x_desc.shape[1]
    y_desc.store([row, col], (x * scale).to(y_desc.dtype))
