# tritonc: -n probe_kernel -s "*fp32" -g "1, 1, 1"
# hasattr() in a kernel: a positioned error (was an internal error: no builtin for it).
import triton
import triton.language as tl


@triton.jit
def probe_kernel(x_ptr):
    if hasattr(tl, "maximum"):
        tl.store(x_ptr, 1.0)
