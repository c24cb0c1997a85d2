# tritonc: -n fill_max_kernel -s "*fp32, 64" -g "1, 1, 1"
# The dtype dispatch of raise_dead_branch reaches its raise for fp32: a positioned error.
import triton
import triton.language as tl


@triton.jit
def max_of(dtype: tl.constexpr):
    if dtype is tl.int8:
        return 127
    elif dtype is tl.int16:
        return 32767
    else:
        raise ValueError(f"no maximum for {dtype}")


@triton.jit
def fill_max_kernel(y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.full((BLOCK,), max_of(y_ptr.dtype.element_ty), tl.int16))
