# tritonc: -n tiled_kernel -s "*fp32, *fp32, i32, 8, 1024" -g "cdiv(n, 1024), 1, 1"
import triton
import triton.language as tl


@triton.jit
def tiled_kernel(x_ptr, out_ptr, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    tl.static_assert(BLOCK_M * BLOCK_N <= 4096, "tile too large for this kernel")
    offs = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x, mask=mask)
