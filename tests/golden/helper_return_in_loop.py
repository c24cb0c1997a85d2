# tritonc: -n row_offsets_kernel -s "*fp32, *fp32, i32, i32, True, 4, 32" -g "1, 1, 1"
# A helper with an early return under a constexpr condition, called inside a loop (as
# flash-linear-attention's block-pointer helpers are): only the kept branch runs, so it is
# inlined like any other call. With PACKED = True each of the 4 rows reads X + row * n_cols.
import triton
import triton.language as tl


@triton.jit
def row_base(X, row, n_cols, stride, PACKED: tl.constexpr):
    if PACKED:
        return X + row * n_cols
    return X + row * stride


@triton.jit
def row_offsets_kernel(X, Y, n_cols, stride, PACKED: tl.constexpr, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    for row in range(ROWS):
        base = row_base(X, row, n_cols, stride, PACKED)
        x = tl.load(base + cols, mask=cols < n_cols, other=0.0)
        tl.store(Y + row * n_cols + cols, x * 2.0, mask=cols < n_cols)
