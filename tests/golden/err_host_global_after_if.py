# tritonc: -n scaled_flag_kernel -s "*fp32"
# FLAG comes from a host helper: the module-level `if` on it cannot be decided (SCALE, bound
# alike by both branches, is still fine), and the kernel's read of FLAG itself is the error
# naming the helper, whose body tritonc cannot read (an earlier failed attempt to evaluate FLAG, for the `if`, once left it
# marked as under evaluation: "defined in terms of itself").
import triton
import triton.language as tl


def host_flag():
    with open("/proc/self/status") as f:  # host I/O: tritonc does not run it
        return len(f.read()) % 2


FLAG = host_flag()
if FLAG == 1:
    SCALE = 2.0
else:
    SCALE = 2.0


@triton.jit
def scaled_flag_kernel(y_ptr):
    tl.store(y_ptr, SCALE * FLAG)
