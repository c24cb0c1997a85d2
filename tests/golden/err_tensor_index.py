# tritonc: -n first_kernel -s "*fp32, *fp32, i32, 64" -g "1, 1, 1"
import triton
import triton.language as tl


@triton.jit
def first_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr, x[0])
