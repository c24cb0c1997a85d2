# tritonc: -n shadow_kernel -s "*fp32, *fp32, i32" -g "1, 1, 1"
# A Python name equal to a loop index of a rank-6 loop nest (i5) is renamed (i5_1), not shadowed.
import triton
import triton.language as tl


@triton.jit
def shadow_kernel(x_ptr, out_ptr, k):
    i5 = k * 3 + 1
    x = tl.load(x_ptr + tl.arange(0, 64)).reshape(2, 2, 2, 2, 2, 2)
    y = tl.sum(x + i5, 0)
    tl.store(out_ptr + tl.arange(0, 32), y.reshape(32))
