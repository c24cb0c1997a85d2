"""fp8: tl.float8e4nv (E4M3FN), tl.float8e5 (E5M2), tl.float8e4b15 (E4M3, bias 15). Every code
decoded, fp32 values encoded (round to nearest even with saturation, or toward zero), exact ties
between neighbouring codes, and fp8 pointers loaded and stored. FMT: 0 e4nv, 1 e5, 2 e4b15."""
import triton
import triton.language as tl


@triton.jit
def _as_fp8(bits, FMT: tl.constexpr):
    if FMT == 0:
        f = bits.to(tl.float8e4nv, bitcast=True)
    elif FMT == 1:
        f = bits.to(tl.float8e5, bitcast=True)
    else:
        f = bits.to(tl.float8e4b15, bitcast=True)
    return f


@triton.jit
def _to_fp8(x, FMT: tl.constexpr, RTZ: tl.constexpr):
    if FMT == 0:
        y = x.to(tl.float8e4nv)
    elif FMT == 1:
        if RTZ:
            y = x.to(tl.float8e5, fp_downcast_rounding="rtz")
        else:
            y = x.to(tl.float8e5)
    else:
        y = x.to(tl.float8e4b15)
    return y.to(tl.uint8, bitcast=True)


@triton.jit
def fp8_decode_kernel(bits_ptr, out_ptr, FMT: tl.constexpr):
    offs = tl.arange(0, 256)
    f = _as_fp8(tl.load(bits_ptr + offs), FMT)
    tl.store(out_ptr + offs, f.to(tl.float32))


@triton.jit
def fp8_encode_kernel(x_ptr, bits_ptr, n, FMT: tl.constexpr, RTZ: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(bits_ptr + offs, _to_fp8(x, FMT, RTZ), mask=m)


@triton.jit
def fp8_ties_kernel(mid_ptr, up_ptr, FMT: tl.constexpr, RTZ: tl.constexpr):
    # the value halfway between each code and the next (an exact tie), and just above it
    c = tl.arange(0, 256)
    a = _as_fp8(c.to(tl.uint8), FMT).to(tl.float32)
    b = _as_fp8((c + 1).to(tl.uint8), FMT).to(tl.float32)
    mid = (a + b) * 0.5
    tl.store(mid_ptr + c, _to_fp8(mid, FMT, RTZ))
    tl.store(up_ptr + c, _to_fp8(mid + tl.abs(mid) * 0.00000095367431640625, FMT, RTZ))


@triton.jit
def fp8_copy_kernel(x_ptr, y_ptr, f_ptr, h_ptr, N: tl.constexpr):
    # fp8 pointers: a copy moves codes; .to(fp32) and .to(fp16) decode exactly
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x)
    tl.store(f_ptr + offs, x.to(tl.float32))
    tl.store(h_ptr + offs, x.to(tl.float16))


@triton.jit
def fp8_abs_kernel(bits_ptr, out_ptr, FMT: tl.constexpr):
    # tl.abs of every fp8 code (test_core's test_abs_fp8), decoded to fp32
    offs = tl.arange(0, 256)
    f = tl.abs(_as_fp8(tl.load(bits_ptr + offs), FMT))
    tl.store(out_ptr + offs, f.to(tl.float32))


@triton.jit
def fp8_minmax_kernel(x_ptr, max_ptr, min_ptr, all_ptr, R: tl.constexpr, C: tl.constexpr):
    # tl.max / tl.min of fp8 values: Triton widens them to fp32 first (standard.py), so they
    # compare values, not codes (a negative value's code has its top bit set: above every
    # positive one as an integer)
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    x = tl.load(x_ptr + r[:, None] * C + c[None, :])
    tl.store(max_ptr + r, tl.max(x, 1))
    tl.store(min_ptr + c, tl.min(x, 0))
    tl.store(all_ptr + tl.arange(0, 2), tl.join(tl.max(x), tl.min(x)))
