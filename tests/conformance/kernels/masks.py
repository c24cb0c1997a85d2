"""Masks whose value the translator can decide from value ranges, beside ones it cannot."""
import triton
import triton.language as tl


@triton.jit
def decided_masks_kernel(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr, N_COLS: tl.constexpr):
    # N_COLS >= BLOCK: `always` holds on every lane, `never` on none; `partial` needs n.
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    always = cols < N_COLS
    never = cols + 3 > BLOCK + 2
    partial = cols < n
    x = tl.load(x_ptr + pid * BLOCK + cols, mask=always, other=-1.0)
    y = tl.where(never, 100.0, x * 2.0)
    tl.store(y_ptr + pid * BLOCK + cols, y, mask=partial & always)
    tl.store(z_ptr + pid * BLOCK + cols, x + 1.0, mask=always)


@triton.jit
def decided_masks_2d_kernel(x_ptr, y_ptr, stride, ROWS: tl.constexpr, COLS: tl.constexpr):
    # The row mask is always true (offsets 0..ROWS-1 < ROWS); the column mask is decided too.
    rows = tl.arange(0, ROWS)
    cols = tl.arange(0, COLS)
    mask = (rows[:, None] < ROWS) & (cols[None, :] <= COLS - 1)
    offs = tl.program_id(0) * ROWS * stride + rows[:, None] * stride + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, x * x - 1.0, mask=mask)
