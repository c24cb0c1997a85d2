# tritonc: -n desc_atomic_dtype -s "*fp32, *fp32, i32, i32"
# Triton has no atomic_max on a float32 descriptor (its TMA reductions): refused where it is called.
import triton
import triton.language as tl


@triton.jit
def desc_atomic_dtype(out_ptr, val_ptr, M, N):
    desc = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[8, 16])
    v = tl.load(val_ptr + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :])
    desc.atomic_max([0, 0], v)
