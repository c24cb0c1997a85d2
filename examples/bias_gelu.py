"""Bias add followed by GELU on a 2D tile, with the bias broadcast along rows."""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def bias_gelu_kernel(x_ptr, bias_ptr, out_ptr, M, N, stride_xm, stride_om,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :], mask=mask, other=0.0)
    x = x.to(tl.float32)
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
    z = x + bias[None, :]
    # exact GELU: 0.5 * z * (1 + erf(z / sqrt(2)))
    y = 0.5 * z * (1.0 + tl.erf(z * 0.7071067811865476))
    # the store converts to the element type of out_ptr
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :], y, mask=mask)


@triton.jit
def bias_gelu_tanh_kernel(x_ptr, bias_ptr, out_ptr, M, N, stride_xm, stride_om,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :], mask=mask, other=0.0)
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
    z = x + bias[None, :]
    # tanh approximation: 0.5 * z * (1 + tanh(sqrt(2/pi) * (z + 0.044715 z^3)))
    inner = 0.7978845608028654 * (z + 0.044715 * z * z * z)
    y = 0.5 * z * (1.0 + libdevice.tanh(inner))
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :], y, mask=mask)


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    M, N = 300, 500
    x = torch.randn(M, N, device='cuda')
    bias = torch.randn(N, device='cuda')
    out = torch.empty_like(x)
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 64))
    bias_gelu_kernel[grid](x, bias, out, M, N, x.stride(0), out.stride(0), BLOCK_M=32, BLOCK_N=64)
    ref = torch.nn.functional.gelu(x + bias)
    print("erf max abs error:", (out - ref).abs().max().item())
    bias_gelu_tanh_kernel[grid](x, bias, out, M, N, x.stride(0), out.stride(0), BLOCK_M=32, BLOCK_N=64)
    ref = torch.nn.functional.gelu(x + bias, approximate='tanh')
    print("tanh max abs error:", (out - ref).abs().max().item())
