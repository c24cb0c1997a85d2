"""Implicit type promotion between tensors of different dtypes and Python scalars."""
import triton
import triton.language as tl


@triton.jit
def promote_kernel(i8_ptr, i32_ptr, u8_ptr, f16_ptr, bf16_ptr, f32_ptr, out_i32_ptr, out_f32_ptr, n,
                   BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a8 = tl.load(i8_ptr + offs, mask=mask, other=0)
    a32 = tl.load(i32_ptr + offs, mask=mask, other=0)
    u8 = tl.load(u8_ptr + offs, mask=mask, other=0)
    h = tl.load(f16_ptr + offs, mask=mask, other=0)
    bh = tl.load(bf16_ptr + offs, mask=mask, other=0)
    f = tl.load(f32_ptr + offs, mask=mask, other=0)
    # integer results (stored widened to i32: a narrow result has already wrapped)
    tl.store(out_i32_ptr + 0 * n + offs, a8 + a32, mask=mask)  # i32
    tl.store(out_i32_ptr + 1 * n + offs, a8 + a8, mask=mask)  # i8, wraps
    tl.store(out_i32_ptr + 2 * n + offs, a8 * 3, mask=mask)  # i8 (Python int does not promote)
    tl.store(out_i32_ptr + 3 * n + offs, u8 + a8, mask=mask)  # u8 (unsigned wins at equal width)
    tl.store(out_i32_ptr + 4 * n + offs, (a8 + a8) > 0, mask=mask)  # compare after i8 wrap
    tl.store(out_i32_ptr + 5 * n + offs, a8 - u8, mask=mask)  # u8, wraps
    tl.store(out_i32_ptr + 6 * n + offs, u8 * a32, mask=mask)  # i32
    tl.store(out_i32_ptr + 7 * n + offs, a8 // 3 + a8 % 5, mask=mask)  # i8 div/rem
    tl.store(out_i32_ptr + 8 * n + offs, (a8 << 2) >> 1, mask=mask)  # i8 shift wraps
    # floating results (stored widened to fp32: a narrow result has already been rounded)
    tl.store(out_f32_ptr + 0 * n + offs, a32 + h, mask=mask)  # fp16
    tl.store(out_f32_ptr + 1 * n + offs, h + f, mask=mask)  # fp32
    tl.store(out_f32_ptr + 2 * n + offs, h * 0.1, mask=mask)  # fp16 (Python float does not promote)
    tl.store(out_f32_ptr + 3 * n + offs, h / 3, mask=mask)  # fp32 (fp16 division is done in fp32)
    tl.store(out_f32_ptr + 4 * n + offs, bh + bh, mask=mask)  # bf16
    tl.store(out_f32_ptr + 5 * n + offs, bh + h, mask=mask)  # bf16 with fp16
    tl.store(out_f32_ptr + 6 * n + offs, a32 / 7, mask=mask)  # fp32
    tl.store(out_f32_ptr + 7 * n + offs, h * h, mask=mask)  # fp16
    tl.store(out_f32_ptr + 8 * n + offs, a32 * 1.5, mask=mask)  # fp32
    tl.store(out_f32_ptr + 9 * n + offs, a8 * h, mask=mask)  # fp16
    tl.store(out_f32_ptr + 10 * n + offs, bh * 3.3, mask=mask)  # bf16
    tl.store(out_f32_ptr + 11 * n + offs, h - f * 2, mask=mask)  # fp32
    tl.store(out_f32_ptr + 12 * n + offs, u8 + h, mask=mask)  # fp16
    tl.store(out_f32_ptr + 13 * n + offs, h / h, mask=mask)  # fp32
    tl.store(out_f32_ptr + 14 * n + offs, a8 / tl.where(a32 == 0, 1, a32), mask=mask)  # fp32
    tl.store(out_f32_ptr + 15 * n + offs, f % 0.75, mask=mask)  # fmod semantics
    tl.store(out_f32_ptr + 16 * n + offs, -f % 0.75, mask=mask)


@triton.jit
def weak_scalar_kernel(h_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # A Python float is converted to the tensor's dtype: 70000.0 becomes +inf in fp16.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    h = tl.load(h_ptr + offs, mask=mask, other=1)
    tl.store(out_ptr + 0 * n + offs, h * 70000.0, mask=mask)
    tl.store(out_ptr + 1 * n + offs, h + 1e-4, mask=mask)
    tl.store(out_ptr + 2 * n + offs, h * 1000.0 * 100.0, mask=mask)
    tl.store(out_ptr + 3 * n + offs, h.to(tl.float32) * 70000.0, mask=mask)
