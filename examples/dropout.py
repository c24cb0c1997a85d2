"""Low-memory dropout: the keep mask is not stored, it is recomputed from (seed, offset) with
Philox, so a backward pass can regenerate it from the seed alone."""
import triton
import triton.language as tl


@triton.jit
def seeded_dropout_kernel(x_ptr, out_ptr, n_elements, p, seed, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    # one uniform number per element, a pure function of (seed, offset)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(out_ptr + offsets, output, mask=mask)
