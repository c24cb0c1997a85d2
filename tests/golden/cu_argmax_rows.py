# tritonc: --target cuda -w 8 -n row_argmax_kernel -s "*fp32:16, *i32, i32:16, 4, 1024" -g "1, 1, 1"
# tl.argmax along rows spread over 8 warps: each thread's (value, index) pairs by tc_warp_reduce,
# then one lane per warp and row writes its pair to shared memory and each row's pairs are folded.
import triton
import triton.language as tl


@triton.jit
def row_argmax_kernel(x_ptr, out_ptr, stride, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :])
    tl.store(out_ptr + rows, tl.argmax(x, axis=1))
