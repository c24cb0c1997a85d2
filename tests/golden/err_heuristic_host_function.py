# tritonc: -n copy_kernel -s "*fp32, *fp32, i32"
# A heuristic that is a plain Python function (kernel libraries keep them in a module of
# their own) cannot be run by tritonc: BLOCK has no value, and the error asks for it with -D
# and says why the decorator gave none (tests/cli.sh translates it with -D BLOCK=64).
import triton
import triton.language as tl


def block_for(args):
    return triton.next_power_of_2(args["n"])


@triton.heuristics({"BLOCK": block_for})
@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
