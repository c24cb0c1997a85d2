# tritonc: -n add_kernel -s "*fp32, *fp32, *fp32, i32, 128" -g "cdiv(n_elements, 128), 1, 1"
# `f(*t)` spreads a tuple's items (as Triton's code generator does); what `*` spreads must be a
# tuple, and `**kwargs` stays unsupported (err_star_kwargs).
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    ptrs = (x_ptr + offsets, y_ptr + offsets)
    x = tl.load(*(ptrs[0],), mask=mask)
    y = tl.load(ptrs[1], mask=mask)
    tl.store(*(output_ptr + offsets), x + y, mask=mask)
