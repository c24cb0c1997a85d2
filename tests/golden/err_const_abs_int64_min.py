# tritonc: -n k -s "*i64" -g "1, 1, 1"
# abs() of the smallest int64 is 2**63, past int64
import triton
import triton.language as tl


@triton.jit
def k(out_ptr):
    tl.store(out_ptr, abs(-9223372036854775807 - 1))
