# tritonc: -n kernel -s "*fp32, i32"
# @triton.jit(noinline=True) functions take scalars only (Triton compiles them on their own); a
# tile argument is refused, as Triton refuses it (test_core's test_call[noinline]).
import triton
import triton.language as tl


@triton.jit(noinline=True)
def scale(val, i):
    return val * i


@triton.jit
def scale_scalar(val, i):
    return val * i


@triton.jit
def kernel(ptr, n):
    offs = tl.arange(0, 128)
    k = scale(n, 3)  # scalars: allowed
    vec = scale_scalar(tl.load(ptr + offs), k)
    tl.store(ptr + offs, scale(vec, 2))
