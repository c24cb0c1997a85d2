# tritonc: -n sum4_kernel -s "*fp32, *fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl


@triton.jit
def sum4_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    parts = [tl.load(x_ptr + k * n + offs, mask=mask) for k in range(4)]
    tl.store(out_ptr + offs, parts[0] + parts[1] + parts[2] + parts[3], mask=mask)
