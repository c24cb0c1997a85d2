# tritonc: -n fill_kernel -s "*fp32, 128" -g "1, 1, 1"
# A loop whose constant bound is the largest int64: the launch's traffic estimate computed its
# trip count as (hi - lo + st - 1) / st, which overflows (UBSan: signed integer overflow in
# count_traffic); the count is now taken in unsigned arithmetic and capped.
import triton
import triton.language as tl


@triton.jit
def fill_kernel(dst, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    for i in range(0, 9223372036854775807, BLOCK):
        tl.store(dst + offs, offs.to(tl.float32))
