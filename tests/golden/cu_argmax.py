# tritonc: --target cuda -w 8 -n argext_kernel -s "*fp32:16, *fp32:16, *i32, i32, 1024" -g "1, 1, 1"
# tl.argmax / tl.argmin of a tile across 8 warps and tl.reduce of two tiles (a value and its
# position, by a combine_fn) as one runtime helper call each, on a pair of partials.
import triton
import triton.language as tl


@triton.jit
def pick(a, i, b, j):
    take = (b > a) | ((b == a) & (j < i))
    return tl.where(take, b, a), tl.where(take, j, i)


@triton.jit
def argext_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=float("-inf"))
    y = tl.load(y_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr, tl.argmax(x, axis=0))
    tl.store(out_ptr + 1, tl.argmin(y, axis=0))
    best, at = tl.reduce((x, offs), 0, pick)
    tl.store(out_ptr + 2, at + best.to(tl.int32))
