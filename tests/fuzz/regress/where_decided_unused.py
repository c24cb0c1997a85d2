# tritonc: -n ramp_kernel -s "*fp32, i32, fp32, i32, fp32, fp32, i32, 256, 64" -g "cdiv(n, 256), 1, 1"
# A tl.where whose mask the loop over whole vectors decides (i < half holds on every lane there)
# keeps one operand; the other, a named vector local, was declared and read by nothing in that
# loop: -Wunused-variable (the shape of a linspace kernel: values from both ends of a range).
import triton
import triton.language as tl


@triton.jit
def ramp_kernel(dst, stride, lo, half, hi, delta, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    pid = tl.program_id(0)
    for t in range(0, (BLOCK + SUB - 1) // SUB):
        local = t * SUB + tl.arange(0, SUB)
        i = pid * BLOCK + local
        keep = (i < n) & (local < BLOCK)
        first = i < half
        up = lo + delta * i
        down = hi - delta * (n - i - 1)
        tl.store(dst + i * stride, tl.where(first, up, down), mask=keep)
