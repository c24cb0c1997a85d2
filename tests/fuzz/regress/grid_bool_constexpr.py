# tritonc: -n add_kernel -s "*fp32, *fp32, *fp32, i32, 128, True" -g "cdiv(n_elements, 128) * ONE, 1, 1"
# A bool constexpr in the grid counts as Python counts it (True is 1); it was pasted into the C
# as `True`, which does not compile.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr, ONE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)
