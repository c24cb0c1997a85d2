"""Explicit conversions with .to(): truncation, wrap-around, rounding, bitcasts."""
import triton
import triton.language as tl


@triton.jit
def cast_kernel(f_ptr, i_ptr, h_ptr, out_i32_ptr, out_i16_ptr, out_u8_ptr, out_f32_ptr, out_f16_ptr,
                out_bf16_ptr, out_f64_ptr, out_i64_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    f = tl.load(f_ptr + offs, mask=mask, other=0)  # fp32 in [-300, 300)
    i = tl.load(i_ptr + offs, mask=mask, other=0)  # i32, full range
    h = tl.load(h_ptr + offs, mask=mask, other=0)  # fp16
    tl.store(out_i32_ptr + 0 * n + offs, f.to(tl.int32), mask=mask)  # truncates toward zero
    tl.store(out_i32_ptr + 1 * n + offs, f.to(tl.int32, bitcast=True), mask=mask)
    tl.store(out_i32_ptr + 2 * n + offs, (f * 0.4).to(tl.int8), mask=mask)
    tl.store(out_i32_ptr + 3 * n + offs, i.to(tl.int8), mask=mask)  # keeps the low 8 bits
    tl.store(out_i32_ptr + 4 * n + offs, i.to(tl.uint8), mask=mask)  # zero-extended on store
    tl.store(out_i32_ptr + 5 * n + offs, i.to(tl.int16), mask=mask)
    tl.store(out_i32_ptr + 6 * n + offs, h.to(tl.int32), mask=mask)
    tl.store(out_i32_ptr + 7 * n + offs, (f > 0).to(tl.int32), mask=mask)
    tl.store(out_i32_ptr + 8 * n + offs, tl.cast(f * 3.0, tl.int32), mask=mask)
    tl.store(out_i32_ptr + 9 * n + offs, f, mask=mask)  # implicit conversion by the store
    tl.store(out_i16_ptr + 0 * n + offs, f.to(tl.int16), mask=mask)
    tl.store(out_i16_ptr + 1 * n + offs, i, mask=mask)  # implicit truncation by the store
    tl.store(out_i16_ptr + 2 * n + offs, h.to(tl.int16, bitcast=True), mask=mask)
    tl.store(out_u8_ptr + 0 * n + offs, (tl.abs(f) * 0.8).to(tl.uint8), mask=mask)
    tl.store(out_u8_ptr + 1 * n + offs, i.to(tl.uint8), mask=mask)
    tl.store(out_f32_ptr + 0 * n + offs, i.to(tl.float32), mask=mask)  # rounds to nearest even
    tl.store(out_f32_ptr + 1 * n + offs, h.to(tl.float32), mask=mask)
    tl.store(out_f32_ptr + 2 * n + offs, (f > 0).to(tl.float32), mask=mask)
    tl.store(out_f32_ptr + 3 * n + offs, i.to(tl.uint32, bitcast=True).to(tl.float32), mask=mask)
    tl.store(out_f32_ptr + 4 * n + offs, ((i & 0x007FFFFF) | 0x3F800000).to(tl.float32, bitcast=True), mask=mask)
    tl.store(out_f32_ptr + 5 * n + offs, i.to(tl.int8).to(tl.float32), mask=mask)
    tl.store(out_f16_ptr + 0 * n + offs, f.to(tl.float16), mask=mask)
    tl.store(out_f16_ptr + 1 * n + offs, (f * 1000).to(tl.float16), mask=mask)  # overflows to inf
    tl.store(out_f16_ptr + 2 * n + offs, (f * 1e-6).to(tl.float16), mask=mask)  # subnormals
    tl.store(out_f16_ptr + 3 * n + offs, f, mask=mask)  # implicit conversion by the store
    tl.store(out_f16_ptr + 4 * n + offs, (i >> 14).to(tl.float16), mask=mask)  # |x| > 65504 gives inf
    tl.store(out_bf16_ptr + 0 * n + offs, f.to(tl.bfloat16), mask=mask)
    tl.store(out_bf16_ptr + 1 * n + offs, h.to(tl.bfloat16), mask=mask)
    tl.store(out_bf16_ptr + 2 * n + offs, i.to(tl.bfloat16), mask=mask)
    tl.store(out_bf16_ptr + 3 * n + offs, (f * 1e-30).to(tl.bfloat16), mask=mask)
    tl.store(out_f64_ptr + 0 * n + offs, f.to(tl.float64), mask=mask)
    tl.store(out_f64_ptr + 1 * n + offs, i.to(tl.float64), mask=mask)
    tl.store(out_f64_ptr + 2 * n + offs, f.to(tl.float64) / 3, mask=mask)
    tl.store(out_f64_ptr + 3 * n + offs, (f.to(tl.float64) / 3).to(tl.float32), mask=mask)
    tl.store(out_i64_ptr + 0 * n + offs, i.to(tl.int64), mask=mask)
    tl.store(out_i64_ptr + 1 * n + offs, (f * 1e6).to(tl.int64), mask=mask)
    tl.store(out_i64_ptr + 2 * n + offs, i.to(tl.uint32).to(tl.int64), mask=mask)  # zero-extends
    tl.store(out_i64_ptr + 3 * n + offs, i.to(tl.int64) * i, mask=mask)


@triton.jit
def cast_bool_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """float -> bool is x != 0, not a truncation through an integer (0.5 -> True)."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(out_ptr + offs, x.to(tl.int1), mask=m)
