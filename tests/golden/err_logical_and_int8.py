# tritonc: -n logic_kernel -s "*i8, *i8, *i1, 64" -g "1, 1, 1"
# logical_and takes int1 operands: Triton bitcasts each to int1, which an int8 cannot be.
import triton
import triton.language as tl


@triton.jit
def logic_kernel(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x.logical_and(tl.load(y_ptr + offs)))
