# tritonc: -n fill_max_kernel -s "*i16, 64" -g "1, 1, 1"
# A helper dispatching on a dtype ends in `else: raise ValueError(...)`, as kernel libraries
# write it: the constexpr conditions drop that branch for int16 (Triton never compiles it), so
# the raise is accepted; one that is reached is an error (err_raise_reached).
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
