# tritonc: -n k -s "*u64"
# Python computes 2 ** 64 - 1 exactly; tritonc's constexpr ints reach 2 ** 64 - 1 but no step of
# the computation may leave [-2**63, 2**64): 2 ** 64 is named where it is computed.
import triton
import triton.language as tl


@triton.jit
def k(o_ptr):
    tl.store(o_ptr, 2 ** 64 - 1)
