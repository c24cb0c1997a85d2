"""Inclusive prefix sum along each row."""
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0)
    y = tl.cumsum(x, axis=0)
    tl.store(out_ptr + row * stride + offs, y, mask=mask)


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    x = torch.randn(64, 1000, device='cuda')
    out = torch.empty_like(x)
    cumsum_kernel[(64, )](x, out, 1000, x.stride(0), BLOCK_SIZE=1024)
    print("max abs error:", (out - x.cumsum(1)).abs().max().item())
