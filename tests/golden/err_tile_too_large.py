# tritonc: -n zero_kernel -s "*fp32, i32, i32" -g "1, 1, 1"
import triton
import triton.language as tl


@triton.jit
def zero_kernel(out_ptr, M, N):
    rows = tl.arange(0, 2048)
    cols = tl.arange(0, 1024)
    acc = tl.zeros([2048, 1024], dtype=tl.float32)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], acc, mask=mask)
