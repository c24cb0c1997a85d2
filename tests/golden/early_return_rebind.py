# tritonc: -n rotate_rows_kernel -s "*fp32, *fp32, i32, i32, 32" -g "n_rows, 1, 1"
# An early `return` under a runtime `if`, after which names are rebound to other types (as
# flash-attention's rotary kernel does): X and Y go from scalar pointers to tiles of pointers,
# and `half` from a number to a tensor. Only the paths that did not return run the rest, so
# nothing needs merging across the if; the inlined helper returns a value from both paths.
import triton
import triton.language as tl


@triton.jit
def clamp_or_zero(v, limit):
    if limit <= 0:
        return tl.zeros_like(v)
    v = tl.minimum(v, limit.to(tl.float32))
    return v


@triton.jit
def rotate_rows_kernel(X, Y, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    X = X + row * n_cols
    Y = Y + row * n_cols
    half = BLOCK // 2
    if row >= n_rows:
        return
    cols = tl.arange(0, BLOCK)
    half = (cols + half) % BLOCK
    X = X + half
    Y = Y + cols
    x = tl.load(X, mask=half < n_cols, other=0.0)
    tl.store(Y, clamp_or_zero(x, n_cols), mask=cols < n_cols)
