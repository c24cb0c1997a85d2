# tritonc: --target cuda -n k -s "*i64, *i64, i32, 16"
# tl.flip of a pointer tile is refused, as Triton 3.6 refuses it (its flip bitcasts the elements
# to an integer type of their width; a pointer has none). It once gave CUDA that nvcc refused.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    r = tl.flip(x_ptr + offs, 0)
    tl.store(out_ptr + offs, r, mask=mask)
