import triton
import triton.language as tl


@triton.jit
def scale_add_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    """out = alpha * x + y over n elements."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, alpha * x + y, mask=mask)


@triton.jit
def index_fill_kernel(out_ptr, start, n, BLOCK: tl.constexpr):
    """out[i] = i for start <= i < n: past 2**31 only an int64 specialization indexes right."""
    offs = start + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.int64), mask=offs < n)


@triton.jit
def stride_copy_kernel(src_ptr, dst_ptr, n, stride, BLOCK: tl.constexpr):
    """dst[i] = src[i * stride]: a specialization for stride == 1 (Triton's constexpr 1)."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs * stride, mask=mask), mask=mask)


@triton.jit
def strict_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    """scale_add_kernel, linked with one specialization only (tests the no-match code)."""
    scale_add_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK)
