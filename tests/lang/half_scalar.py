"""An fp16 / bf16 scalar argument: passed as its bits, a float in the kernel. It was used as the
integer of its bits (2.5 > 0x3a00 compared the bits, on both targets)."""
import triton
import triton.language as tl


@triton.jit
def half_scalar_kernel(x_ptr, out_ptr, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    r = tl.maximum(x, s) + s + tl.maximum(s, 2.5)
    tl.store(out_ptr + offs, r.to(tl.float32))
