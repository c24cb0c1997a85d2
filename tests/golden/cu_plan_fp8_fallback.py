# tritonc: -n fp8_fallback_dots -s "*fp8e4nv, *fp8e4nv, *fp32, *fp8e4b15, *fp8e4b15, *fp32" -g "1, 1, 1" --target cuda -w 4 --emit plan
# fp8 dots that keep sema's fp16 form (the casts stay, cuda/fp8.c leaves them): a 16x16 result
# has fewer 16x16 tiles than the 4 warps (the plain form, dot=fma, multiplies the fp16 values),
# and fp8e4b15 has no tensor-core type (mma.sync / wgmma of the fp16 conversions).
import triton
import triton.language as tl


@triton.jit
def fp8_fallback_dots(a_ptr, b_ptr, c_ptr, x_ptr, y_ptr, z_ptr):
    r16 = tl.arange(0, 16)
    r32 = tl.arange(0, 32)
    r64 = tl.arange(0, 64)
    a = tl.load(a_ptr + r16[:, None] * 32 + r32[None, :])
    b = tl.load(b_ptr + r32[:, None] * 16 + r16[None, :])
    tl.store(c_ptr + r16[:, None] * 16 + r16[None, :], tl.dot(a, b))
    x = tl.load(x_ptr + r64[:, None] * 32 + r32[None, :])
    y = tl.load(y_ptr + r32[:, None] * 64 + r64[None, :])
    tl.store(z_ptr + r64[:, None] * 64 + r64[None, :], tl.dot(x, y))
