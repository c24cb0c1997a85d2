# tritonc: -n bucket_kernel -s "*fp32, *fp32, *fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl


@triton.jit
def bucket_kernel(x_ptr, w_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    w = tl.load(w_ptr + offs, mask=mask, other=1.0)
    tl.store(out_ptr + offs, x // w, mask=mask)
