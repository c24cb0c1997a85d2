# tritonc: -n k -s "*i32, 64"
# A start past int64 (a fuzzer found end - start overflowing before the int32 check).
import triton
import triton.language as tl


@triton.jit
def k(p, BLOCK: tl.constexpr):
    offs = tl.arange(9223372036854775808, BLOCK)
    tl.store(p + offs, offs)
