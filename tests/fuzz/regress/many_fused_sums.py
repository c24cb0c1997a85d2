# tritonc: -n many_sums -s "*fp32, *fp32, 64" -g "4, 1, 1"
# Eighteen sums fused into the loop of one group: the emitter kept at most 16 and the C did
# not compile (the 17th accumulator was never declared).
import triton
import triton.language as tl


@triton.jit
def many_sums(x_ptr, out_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + offs)
    s0 = tl.sum(x * 1.0, axis=0)
    s1 = tl.sum(x * 2.0, axis=0)
    s2 = tl.sum(x * 3.0, axis=0)
    s3 = tl.sum(x * 4.0, axis=0)
    s4 = tl.sum(x * 5.0, axis=0)
    s5 = tl.sum(x * 6.0, axis=0)
    s6 = tl.sum(x * 7.0, axis=0)
    s7 = tl.sum(x * 8.0, axis=0)
    s8 = tl.sum(x * 9.0, axis=0)
    s9 = tl.sum(x * 10.0, axis=0)
    s10 = tl.sum(x * 11.0, axis=0)
    s11 = tl.sum(x * 12.0, axis=0)
    s12 = tl.sum(x * 13.0, axis=0)
    s13 = tl.sum(x * 14.0, axis=0)
    s14 = tl.sum(x * 15.0, axis=0)
    s15 = tl.sum(x * 16.0, axis=0)
    s16 = tl.sum(x * 17.0, axis=0)
    s17 = tl.sum(x * 18.0, axis=0)
    tl.store(out_ptr + row, s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8 + s9 + s10 + s11 + s12 + s13 + s14 + s15 + s16 + s17)
