# tritonc: -n copy_kernel -s "*fp32, *fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, maks=mask, other=0.0)
    tl.store(out_ptr + offs, x, mask=mask)
