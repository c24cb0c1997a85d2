# tritonc: -n reduce9 -s "*fp32, *fp32, 32" -g "4, 1, 1"
# A tl.reduce over nine tiles at once: the C emitter stopped at eight operands (internal error,
# exit 3).
import triton
import triton.language as tl


@triton.jit
def combine9(a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6, b7, b8):
    return a0 + b0, a1 + b1, a2 + b2, a3 + b3, a4 + b4, a5 + b5, a6 + b6, a7 + b7, a8 + b8


@triton.jit
def reduce9(x_ptr, out_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + offs)
    r0, r1, r2, r3, r4, r5, r6, r7, r8 = tl.reduce((x * 1.0, x * 2.0, x * 3.0, x * 4.0, x * 5.0, x * 6.0, x * 7.0, x * 8.0, x * 9.0), 0, combine9)
    tl.store(out_ptr + row * N + offs, r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7 + r8)
