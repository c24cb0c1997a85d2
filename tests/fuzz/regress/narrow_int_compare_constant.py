# tritonc: -n k -s "*u8, *u8, *i16, 16" -g "1, 1, 1"
# A uint8 / int16 widened to int32 and compared with a constant outside its range (tl.clamp of a
# uint8 tile to -7): gcc's -Wtype-limits sees through (int32_t)u ("comparison is always true").
# Found by the sweep.
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, out_ptr, c_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    c = tl.load(c_ptr + offs)
    r = tl.clamp(a, -7, -7) + tl.maximum(c.to(tl.int32), 40000)
    tl.store(out_ptr + offs, r)
