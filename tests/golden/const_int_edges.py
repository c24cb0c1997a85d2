# tritonc: -n k -s "*i64" -g "1, 1, 1"
# Python int arithmetic at the edges of int64, folded exactly: x % -1 is 0 (INT64_MIN % -1 traps
# in C), powers by squaring (1 ** 10**18 once looped 10**18 times), 3 ** 39 the largest power of
# 3 in int64.
import triton
import triton.language as tl


@triton.jit
def k(out_ptr):
    tl.store(out_ptr, (-9223372036854775807 - 1) % -1)
    tl.store(out_ptr + 1, 1 ** 1000000000000000000)
    tl.store(out_ptr + 2, (-1) ** 1000000000000000001)
    tl.store(out_ptr + 3, 3 ** 39)
    tl.store(out_ptr + 4, -(-9223372036854775807))
    tl.store(out_ptr + 5, (-9223372036854775807 - 1) // 1)
