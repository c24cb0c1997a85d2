# tritonc: -n k -s "*i32, 16"
# A dtype called as a constructor on a float constexpr that no integer holds.
import triton
import triton.language as tl


@triton.jit
def k(y_ptr, BLOCK: tl.constexpr):
    start = tl.int32(1e30)
    tl.store(y_ptr + tl.arange(0, BLOCK), start)
