# tritonc: -n first_positive_kernel -s "*i32, *i32, i32, 64" -g "1, 1, 1"
import triton
import triton.language as tl


@triton.jit
def first_positive(x_ptr, n, BLOCK: tl.constexpr):
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0)
        if tl.max(x, axis=0) > 0:
            return start
    return -1


@triton.jit
def first_positive_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    tl.store(out_ptr, first_positive(x_ptr, n, BLOCK))
