# tritonc: -n kernel -s "*fp32"
# Triton's x[...] inserts a dimension at position i for a None at index i (':' passes over
# whatever the rank): a scalar's Z[:, None] asks for position 1 of a rank-0 value.
import triton
import triton.language as tl


@triton.jit
def kernel(Z):
    tl.store(Z[:, None], 1.0)
