# tritonc: -n count_kernel -s "*fp32, *fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl

CALLS = 0


@triton.jit
def count_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    global CALLS
    CALLS += 1
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x, mask=mask)
