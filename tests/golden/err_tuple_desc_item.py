# tritonc: -n tuple_desc_item -s "(tensordesc<fp32[16]>, i32)"
# A tensor descriptor inside a tuple argument is refused where the signature writes it.
import triton
import triton.language as tl


@triton.jit
def tuple_desc_item(t):
    pass
