# tritonc: -n mix_rows_kernel -s "*fp32, *fp32, *fp32, i32, 4, 32" -g "1, 1, 1"
# Names a loop body assigns that existed before the loop are carried by it (as Triton does):
# here `r` and `w_r`, bound first by the static_range loop that stores the weights, are
# reassigned in the column loop but never read after it; `note` is set in both branches of an
# `if` and never read. None of them may appear in the C: a variable that is set but not used
# fails -Wall -Wextra -Werror (tests/cli.sh compiles this output).
import triton
import triton.language as tl


@triton.jit
def mix_rows_kernel(x_ptr, w_ptr, out_ptr, n_cols, NUM_ROWS: tl.constexpr, BLOCK: tl.constexpr):
    weights = tl.load(w_ptr + tl.arange(0, NUM_ROWS))
    for r in tl.static_range(NUM_ROWS):
        w_r = tl.sum(tl.where(tl.arange(0, NUM_ROWS) == r, weights, 0.0))
        tl.store(w_ptr + NUM_ROWS + r, w_r)
    for c in range(0, n_cols, BLOCK):
        cols = c + tl.arange(0, BLOCK)
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for r in tl.static_range(NUM_ROWS):
            w_r = tl.sum(tl.where(tl.arange(0, NUM_ROWS) == r, weights, 0.0))
            acc += w_r * tl.load(x_ptr + r * n_cols + cols, mask=cols < n_cols, other=0.0)
        if n_cols > BLOCK:
            note = 1
        else:
            note = 2
        tl.store(out_ptr + cols, acc, mask=cols < n_cols)
