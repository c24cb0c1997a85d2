# tritonc: -n row_stats_kernel -s "*fp32:16, *fp32, i32, i32, i32, 4, 64" -g "cdiv(M, 4), 1, 1"
# tests/conformance/kernels/row_reduce.py's row_stats_kernel with one sum taken twice: the jammed
# nest (rows inside, vectors outside) then declares `rows` in its loop over whole vectors, where
# the only reader, `rows < M`, is decided by the loop's bound; the C failed
# -Werror=unused-variable. The rows' locals now join the index locals lane0_unused marks used.
import triton
import triton.language as tl


@triton.jit
def row_stats_kernel(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    s = tl.zeros([BLOCK_M], dtype=tl.float32)
    q = tl.zeros([BLOCK_M], dtype=tl.float32)
    m = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask, other=0.0)
        s += tl.sum(x, axis=1)
        s += tl.sum(x, axis=1)
        q += tl.sum(x * x, axis=1)
        m = tl.maximum(m, tl.max(tl.where(mask, x, float("-inf")), axis=1))
    ok = rows < M
    tl.store(out_ptr + rows * 3, s, mask=ok)
    tl.store(out_ptr + rows * 3 + 1, m, mask=ok)
    tl.store(out_ptr + rows * 3 + 2, q, mask=ok)
