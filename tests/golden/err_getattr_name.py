# tritonc: -n probe_kernel -s "*fp32" -g "1, 1, 1"
# getattr() needs a constexpr string as the name.
import triton
import triton.language as tl


@triton.jit
def probe_kernel(x_ptr):
    f = getattr(tl, 3)
    tl.store(x_ptr, f(1.0, 2.0))
