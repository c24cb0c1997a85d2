# tritonc: -n desc_atomic_bf16 -s "*bf16, *bf16, *fp16, i32, i32, 8, 16" --target cuda
# A tensor descriptor's atomic_max on bf16 and atomic_min on fp16 (Triton's TMA reductions have
# them): a 16-bit compare-and-swap loop per element on the CUDA target.
import triton
import triton.language as tl


@triton.jit
def desc_atomic_bf16(out_ptr, val_ptr, out16_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    desc = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    d16 = tl.make_tensor_descriptor(out16_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    v = tl.load(val_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :])
    desc.atomic_max([tl.program_id(0) * BM, tl.program_id(1) * BN], v)
    d16.atomic_min([tl.program_id(0) * BM, tl.program_id(1) * BN], v.to(tl.float16))
