# tritonc: -n desc_nan -s "tensordesc<fp32[8, 16], nan>, *fp32" -g "cdiv(src_shape0, 8), 1, 1"
# A host TensorDescriptor padded with NaN (padding="nan"): the lanes past the edges read NaN.
import triton
import triton.language as tl


@triton.jit
def desc_nan(src, out_ptr):
    x = src.load([tl.program_id(0) * 8, 0])
    tl.store(out_ptr + (tl.program_id(0) * 8 + tl.arange(0, 8))[:, None] * 16
             + tl.arange(0, 16)[None, :], x)
