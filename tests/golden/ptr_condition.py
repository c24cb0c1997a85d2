# tritonc: -n scale_kernel -s "*fp32, *fp32, *fp32, i32, 128" -g "cdiv(n, 128), 1, 1"
# A pointer as a condition, as Triton's cast to int1: its address compared with 0. Kernel
# libraries test an optional weight so (`if w_ptr:`, None when the caller has no weight); it was
# "cannot use a pointer as a condition".
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, w_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if w_ptr:
        x = x * tl.load(w_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x, mask=mask)
