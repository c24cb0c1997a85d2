# tritonc: -n row_argmax_kernel -s "*fp32, *fp32, *i32, i32, 16" -g "cdiv(M, 16), 1, 1"
# tl.max with return_indices and the keyword return_indices_tie_break_left (FlagGems' argmax
# writes both): the index is the lowest among equal maxima, which is what True asks and one of
# the answers False allows.
import triton
import triton.language as tl


@triton.jit
def row_argmax_kernel(x_ptr, v_ptr, i_ptr, M, N: tl.constexpr):
    rows = tl.program_id(0) * 16 + tl.arange(0, 16)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=rows[:, None] < M, other=0.0)
    v, i = tl.max(x, 1, return_indices=True, return_indices_tie_break_left=True)
    tl.store(v_ptr + rows, v, mask=rows < M)
    tl.store(i_ptr + rows, i, mask=rows < M)
