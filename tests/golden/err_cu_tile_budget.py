# tritonc: -n add_kernel -s "*fp32, *fp32, *fp32, i32, 262144" -g "1, 1, 1" --target cuda -w 1
# A tile of 8192 fp32 per thread (one warp): past what the CUDA target keeps per thread.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)
