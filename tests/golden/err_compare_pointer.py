# tritonc: -n cumsum_kernel -s "*fp32, *fp32, *u64, i32, 256" -g "12, 1, 1"
# A pointer compared with an integer: Triton rejects it; it was accepted and the C compared a
# pointer with an int (found by tests/fuzz/mutate.py).
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0)
    tl.store(out_ptr + row * stride + offs, tl.cumsum(x, axis=0), mask=mask)
