# tritonc: -n axpy_kernel -s "*fp32, *fp32, *fp32, fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl


@triton.jit
def axpy(a, x, y):
    return a * x + y


@triton.jit
def axpy_kernel(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, axpy(a, x), mask=mask)
