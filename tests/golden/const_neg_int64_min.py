# tritonc: -n k -s "*u64" -g "1, 1, 1"
# -x of the smallest int64 is 2**63: past int64, a uint64 constant as in Triton (Python ints;
# computed on 128 bits, so C's undefined negation is never reached)
import triton
import triton.language as tl


@triton.jit
def k(out_ptr):
    tl.store(out_ptr, -(-9223372036854775807 - 1))
