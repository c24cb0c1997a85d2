# tritonc: -n gather_kernel -s "*fp32, *fp32, *fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl


@triton.jit
def gather_kernel(x_ptr, idx_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    x = tl.load(x_ptr + idx, mask=mask)
    tl.store(out_ptr + offs, x, mask=mask)
