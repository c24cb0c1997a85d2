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
