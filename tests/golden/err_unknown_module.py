# tritonc: -n sqrt_kernel -s "*fp32, *fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import numpy as np
import triton.language as tl


@triton.jit
def sqrt_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = np.sqrt(x)
    tl.store(out_ptr + offs, y, mask=mask)
