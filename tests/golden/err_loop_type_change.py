# tritonc: -n row_sum_kernel -s "*fp32, *fp32, i32, i32, 64" -g "M, 1, 1"
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, M, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    acc = 0
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
        acc += x
    tl.store(out_ptr + row, tl.sum(acc, axis=0))
