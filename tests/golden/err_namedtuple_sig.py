# tritonc: -n read_field -s "Tensor(*fp32, (i32,), (1,))"
# A NamedTuple's signature entry names each field: Tensor(ptr=*fp32, shape=(i32,), ...).
import triton
import triton.language as tl


@triton.jit
def read_field(t):
    tl.store(t.ptr, 0.0)
