# tritonc: -n k -s "*i64" -g "1, 1, 1"
# the smallest int64 // -1 is 2**63, past int64 (C's division traps)
import triton
import triton.language as tl


@triton.jit
def k(out_ptr):
    tl.store(out_ptr, (-9223372036854775807 - 1) // -1)
