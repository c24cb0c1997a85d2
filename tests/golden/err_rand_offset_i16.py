# tritonc: -n k -s "*fp32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def k(out_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # Philox counters are 32- or 64-bit words
    r = tl.rand(seed, offs.to(tl.int16))
    tl.store(out_ptr + offs, r)
