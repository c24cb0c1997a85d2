# tritonc: -n k -s "*fp8e5, *i32, 16" -g "1, 1, 1"
# Triton converts fp8 only to and from fp16, bf16 and fp32.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x.to(tl.int32))
