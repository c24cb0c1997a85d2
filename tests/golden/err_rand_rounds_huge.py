# tritonc: -n rounds_kernel -s "*u32, i32, 64, 5000" -g "1, 1, 1"
# Philox rounds unroll at translation, as Triton's static_range does: a round count past tritonc's
# unrolling cap is refused at the call (a fuzzed 2**64 ran without end).
import triton
import triton.language as tl


@triton.jit
def rounds_kernel(out_ptr, seed, BLOCK: tl.constexpr, ROUNDS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    r0, r1, r2, r3 = tl.randint4x(seed, offs, n_rounds=ROUNDS)
    tl.store(out_ptr + offs, r0 ^ r1 ^ r2 ^ r3)
