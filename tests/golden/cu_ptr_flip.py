# tritonc: --target cuda -n k -s "*i64, *i64, i32, 16"
# tl.flip of a pointer tile keeps its element type (once declared int8_t *, which nvcc refused),
# then stored as int64 addresses
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    r = tl.flip(x_ptr + offs, 0)
    tl.store(out_ptr + offs, r, mask=mask)
