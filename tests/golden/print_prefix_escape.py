# tritonc: -n k -s "*fp32, 16" -g "1, 1, 1"
# A device_print prefix with quotes, a backslash and a percent sign: escaped in the C string
# literal and the printf format (the C did not compile before); Triton's line format.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.device_print("\"x\" \\ 100%", x)
