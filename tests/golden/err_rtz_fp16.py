# tritonc: -n k -s "*fp32, *fp16, 16" -g "1, 1, 1"
# rtz to fp16 is not implemented yet: an error rather than silently rounding to nearest.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))
