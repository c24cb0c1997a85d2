# tritonc: -n add_kernel -s "*fp32, i32"
# A file with no @triton.jit function at all (a plain def is host code).
import triton


def add_kernel(x_ptr, n):
    return n
