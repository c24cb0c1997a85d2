# tritonc: -n k -s "*i64" -g "1, 1, 1"
# -x of the smallest int64 is 2**63, past int64 (Python ints; the C negation was undefined)
import triton
import triton.language as tl


@triton.jit
def k(out_ptr):
    tl.store(out_ptr, -(-9223372036854775807 - 1))
