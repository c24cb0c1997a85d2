"""Loop-carried accumulator tiles and multiply-adds.

`acc += f(...)` in a loop, then `tl.sum(acc)`: the translator keeps a scalar sum of one
reduction per trip instead of the tile (`sum_of_products_kernel`, `count_kernel`,
`rms_rows_kernel`); `acc_kept_kernel` breaks one condition of that rewrite per accumulator,
which must then stay a tile. `muladd_kernel` is `a * b + c`, which the GPU fuses."""
import triton
import triton.language as tl


@triton.jit
def sum_of_products_kernel(x_ptr, y_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # One row per program: sum(x), sum(x * y) and sum(x * x), over BLOCK-wide chunks.
    row = tl.program_id(0)
    x_ptr += row * N
    y_ptr += row * N
    s = tl.zeros([BLOCK], dtype=tl.float32)
    d = tl.zeros([BLOCK], dtype=tl.float32)
    q = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=0.0)
        y = tl.load(y_ptr + cols, mask=cols < N, other=0.0)
        s += x
        d = x * y + d
        q = q + x * x
    tl.store(out_ptr + row * 3, tl.sum(s, axis=0))
    tl.store(out_ptr + row * 3 + 1, tl.sum(d, axis=0))
    tl.store(out_ptr + row * 3 + 2, tl.sum(q))


@triton.jit
def count_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # int32 accumulators (the sum wraps): the total and the number of positive elements.
    acc = tl.zeros([BLOCK], dtype=tl.int32)
    cnt = tl.zeros([BLOCK], dtype=tl.int32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + cols, mask=cols < N, other=0)
        acc += v
        cnt += (v > 0).to(tl.int32)
    tl.store(out_ptr, tl.sum(acc, axis=0))
    tl.store(out_ptr + 1, tl.sum(cnt, axis=0))


@triton.jit
def rms_rows_kernel(x_ptr, out_ptr, M, N, BLOCK: tl.constexpr):
    # A persistent program (rows pid, pid + num_programs, ...): the accumulator is created
    # and reduced inside the outer loop.
    for row in range(tl.program_id(0), M, tl.num_programs(0)):
        acc = tl.zeros([BLOCK], dtype=tl.float32)
        for off in range(0, N, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
            acc += x * x
        tl.store(out_ptr + row, tl.sqrt(tl.sum(acc, axis=0) / N))


@triton.jit
def acc_kept_kernel(x_ptr, run_ptr, out_ptr, N, BLOCK: tl.constexpr):
    a = tl.full([BLOCK], 0.5, tl.float32)    # starts at 0.5, not 0
    b = tl.zeros([BLOCK], dtype=tl.float32)  # stored on every trip too
    c = tl.zeros([BLOCK], dtype=tl.float32)  # stored after the loop too
    m = tl.zeros([BLOCK], dtype=tl.float32)  # reduced with max, not sum
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=0.0)
        a += x
        b += x
        tl.store(run_ptr + cols, b)
        c = c + x * 2.0
        m = tl.maximum(m, x)
    tl.store(out_ptr, tl.sum(a, axis=0))
    tl.store(out_ptr + 1, tl.sum(b, axis=0))
    tl.store(out_ptr + 2, tl.sum(c, axis=0))
    tl.store(out_ptr + 3, tl.max(m, axis=0))
    tl.store(out_ptr + 4 + tl.arange(0, BLOCK), c)


@triton.jit
def muladd_kernel(a_ptr, b_ptr, c_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    c = tl.load(c_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a * b + c, mask=mask)
