"""A linear layer with its bias and GELU fused: out = gelu(x @ w.T + bias), x [M, K], the
weight w [N, K] as torch.nn.Linear stores it, bias [N]. The product accumulates in fp32 whatever
the input type; bias and GELU run on the accumulator before the one store."""
import triton
import triton.language as tl


@triton.jit
def linear_gelu_kernel(x_ptr, w_ptr, bias_ptr, out_ptr, M, N, K, stride_xm, stride_wn, stride_om,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + ks
        x = tl.load(x_ptr + rows[:, None] * stride_xm + kk[None, :],
                    mask=(rows[:, None] < M) & (kk[None, :] < K), other=0.0)
        # w's tile loaded as [K, N] straight from the [N, K] layout
        w = tl.load(w_ptr + cols[None, :] * stride_wn + kk[:, None],
                    mask=(cols[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(x, w)
    bias = tl.load(bias_ptr + cols, mask=cols < N, other=0.0)
    z = acc + bias[None, :].to(tl.float32)
    y = 0.5 * z * (1.0 + tl.erf(z * 0.7071067811865476))
    tl.store(out_ptr + rows[:, None] * stride_om + cols[None, :], y,
             mask=(rows[:, None] < M) & (cols[None, :] < N))


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    M, N, K = 200, 96, 80
    x = torch.randn(M, K, device="cuda")
    lin = torch.nn.Linear(K, N, device="cuda")
    out = torch.empty(M, N, device="cuda")
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
    linear_gelu_kernel[grid](x, lin.weight, lin.bias, out, M, N, K, x.stride(0),
                             lin.weight.stride(0), out.stride(0), BLOCK_M=32, BLOCK_N=32,
                             BLOCK_K=32)
    ref = torch.nn.functional.gelu(lin(x))
    print("max error", (out - ref).abs().max().item())
