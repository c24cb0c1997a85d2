# tritonc: -n k -s "*u32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def k(out_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK).to(tl.int16)
    # tl.philox runs on 32- or 64-bit counter words (tl.rand & co. take any integer offset)
    a, b, c, d = tl.philox(seed, offs, offs, offs, offs)
    tl.store(out_ptr + tl.arange(0, BLOCK), a)
