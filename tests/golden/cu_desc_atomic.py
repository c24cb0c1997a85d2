# tritonc: -n desc_atomic -s "*i32, *i32, i32, i32, 8, 16" --target cuda
# A tensor descriptor's reduction (desc.atomic_xor) on the CUDA target: one relaxed atomic per
# element of the block, the elements past the tensor's edges masked off.
import triton
import triton.language as tl


@triton.jit
def desc_atomic(out_ptr, val_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    desc = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    v = tl.load(val_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :])
    desc.atomic_xor([tl.program_id(0) * BM, tl.program_id(1) * BN], v)
