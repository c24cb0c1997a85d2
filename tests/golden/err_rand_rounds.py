# tritonc: -n k -s "*u32, i32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def k(out_ptr, seed, rounds, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    r = tl.randint(seed, offs, n_rounds=rounds)
    tl.store(out_ptr + offs, r)
