# tritonc: -n k -s "*fp64, *fp16, 16" -g "1, 1, 1"
# Triton rounds toward zero only from fp32 (its FpToFp lowering has no fp64 rtz).
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))
