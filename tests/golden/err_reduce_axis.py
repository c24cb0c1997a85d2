# tritonc: -n row_max_kernel -s "*fp32, *fp32, i32, 128" -g "M, 1, 1"
import triton
import triton.language as tl


@triton.jit
def row_max_kernel(x_ptr, out_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=-float("inf"))
    tl.store(out_ptr + row, tl.max(x, axis=1))
