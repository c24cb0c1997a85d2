"""tl.device_print (Triton's line format, several operands, scalars, a prefix alone) and
tl.device_assert / Python assert (Triton's assertion message naming the program and line)."""
import triton
import triton.language as tl


@triton.jit
def print_kernel(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.device_print("x", x)
    tl.device_print("", offs * 2, x)
    print("total", tl.sum(x, axis=0))
    tl.device_print("done")


@triton.jit
def assert_kernel(x_ptr, n, N: tl.constexpr):
    offs = tl.program_id(0) * N + tl.arange(0, N)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.device_assert(x < 100, "x must stay below 100")
    assert x >= 0
    tl.store(x_ptr + offs, x + 1, mask=offs < n)


@triton.jit
def barrier_inplace_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    # Each row is replaced in place by its softmax, then the element at the row's label y is
    # overwritten by one scalar store: tl.debug_barrier orders that store after the tile's
    # (another thread wrote x[y] in the loop). x[y] is read before the first loop, whose
    # reductions every thread passes before any thread stores (as Liger-Kernel's cross entropy
    # reads it): read between the loops, another thread's store could come first.
    row = tl.program_id(0).to(tl.int64)
    x_ptr += row * n_cols
    y = tl.load(y_ptr + row)
    x_y = tl.load(x_ptr + y)
    m = float("-inf")
    for i in range(0, n_cols, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        m = tl.maximum(m, tl.max(tl.load(x_ptr + offs, mask=offs < n_cols, other=float("-inf"))))
    for i in range(0, n_cols, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n_cols, other=float("-inf"))
        tl.store(x_ptr + offs, tl.exp(x - m), mask=offs < n_cols)
    tl.debug_barrier()
    tl.store(x_ptr + y, tl.exp(x_y - m) - 1.0)
