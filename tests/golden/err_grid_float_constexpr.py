# tritonc: -n add_kernel -s "*fp32, *fp32, *fp32, i32, 128, 1e400" -g "cdiv(n_elements, 128) * SCALE, 1, 1"
# A float constexpr (1e400 is inf) is not a grid size; it was pasted into the C as `inf`.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr, SCALE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)
