# tritonc: -n pick_kernel -s "*fp32, *fp32, i32, 16"
# A runtime if whose branches bind a name to values of different types: the error names the
# variable (it said 'value' for every one).
import triton
import triton.language as tl


@triton.jit
def pick_kernel(out_ptr, a_ptr, b, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid == 0:
        src = a_ptr
        bias = 1
    else:
        src = b
        bias = 2
    tl.store(out_ptr + tl.arange(0, BLOCK), tl.load(src + tl.arange(0, BLOCK)) + bias)
