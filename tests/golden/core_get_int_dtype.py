# tritonc: -n order_pairs_kernel -s "*fp16, *fp16, *fp32, 64"
# triton.language.core.get_int_dtype(bitwidth, signed), read as tl.core.get_int_dtype or
# through `import triton.language.core`: bitonic compare-and-swap steps (fla's NSA top-k,
# FlagGems' sort) bitcast values to the integer type of their width to swap them with xor.
# Here fp16 pairs are put in order that way (int16), and the fp32 tile's type (int32) is
# checked; a width-1 request is int1 and an unsigned one uint16.
import triton
import triton.language as tl
import triton.language.core as core


@triton.jit
def order_pairs_kernel(a_ptr, b_ptr, w_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    itype = tl.core.get_int_dtype(bitwidth=a.dtype.primitive_bitwidth, signed=True)
    tl.static_assert(itype == tl.int16)
    tl.static_assert(core.get_int_dtype(1, True) == tl.int1)
    tl.static_assert(core.get_int_dtype(16, False) == tl.uint16)
    w = tl.load(w_ptr + offs)
    tl.static_assert(tl.core.get_int_dtype(w.dtype.primitive_bitwidth, signed=True) == tl.int32)
    ia = a.to(itype, bitcast=True)
    ib = b.to(itype, bitcast=True)
    swap = tl.where(a > b, ia ^ ib, tl.zeros_like(ia))
    tl.store(a_ptr + offs, (ia ^ swap).to(tl.float16, bitcast=True))
    tl.store(b_ptr + offs, (ib ^ swap).to(tl.float16, bitcast=True))
