# Scales loaded as int8: Triton zero-extends the scale's integer bits whatever their signedness,
# so tritonc accepts int8 e8m0 exponents as their uint8 bits (tests/dot_scaled/run.sh).
import triton
import triton.language as tl


@triton.jit
def i8_scale_kernel(a_ptr, sa_ptr, b_ptr, c_ptr):
    a = tl.load(a_ptr + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :])
    b = tl.load(b_ptr + tl.arange(0, 64)[:, None] * 32 + tl.arange(0, 32)[None, :])
    sa = tl.load(sa_ptr + tl.arange(0, 32)[:, None] * 2 + tl.arange(0, 2)[None, :])
    c = tl.dot_scaled(a, sa, "e2m1", b, None, "bf16")
    tl.store(c_ptr + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :], c)
