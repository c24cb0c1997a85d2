# tritonc: -n fact_kernel -s "*i32, i32" -g "1, 1, 1"
import triton
import triton.language as tl


@triton.jit
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@triton.jit
def fact_kernel(out_ptr, n):
    tl.store(out_ptr, fact(n))
