"""Shifts by counts from 0 past the width (and negative ones): C leaves a count outside the width
undefined and LLVM makes it poison; tritonc defines it as the GPU's shl / shr instructions do,
clamping the count to the width (tests/lang/ref.py's shift references)."""
import triton
import triton.language as tl


@triton.jit
def shift_kernel(x_ptr, s_ptr, shl_ptr, shr_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    s = tl.load(s_ptr + offs)
    tl.store(shl_ptr + offs, x << s)
    tl.store(shr_ptr + offs, x >> s)


@triton.jit
def shift_scalar_kernel(out_ptr, x, s, S: tl.constexpr):
    tl.store(out_ptr, x << s)
    tl.store(out_ptr + 1, x >> s)
    tl.store(out_ptr + 2, x << S)
    tl.store(out_ptr + 3, x >> S)
