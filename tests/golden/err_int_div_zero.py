# tritonc: -n k -s "*i32, i32, 16" -g "cdiv(n, 16), 1, 1"
# An integer tile divided by a constant zero: accepted, and the C did not compile
# (-Werror=div-by-zero; found by tests/fuzz/mutate.py).
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(x_ptr + offs, x % (BLOCK - 16), mask=mask)
