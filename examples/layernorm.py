"""Layer normalization: fused forward pass and the input-gradient backward pass."""
import triton
import triton.language as tl


@triton.jit
def _layer_norm_fwd_fused(
    X,  # input, (M, N) with row stride `stride`
    Y,  # output, same layout as X
    W,  # weight, (N,)
    B,  # bias, (N,)
    Mean,  # per-row mean, (M,)
    Rstd,  # per-row 1/std, (M,)
    stride,
    N,
    eps,
    BLOCK_SIZE: tl.constexpr,
):
    # One program per row; the row is processed in BLOCK_SIZE chunks.
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    # mean
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    # variance
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    # normalize and apply the affine transform
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


@triton.jit
def _layer_norm_bwd_dx(
    DX,  # input gradient, (M, N)
    DY,  # output gradient, (M, N)
    X,  # forward input, (M, N)
    W,  # weight, (N,)
    Mean,  # (M,)
    Rstd,  # (M,)
    stride,
    N,
    BLOCK_SIZE_N: tl.constexpr,
):
    # One program per row; BLOCK_SIZE_N >= N so the whole row is in one tile.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    x = tl.load(X + cols, mask=mask, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = (x - mean) * rstd
    wdy = w * dy
    xhat = tl.where(mask, xhat, 0.)
    wdy = tl.where(mask, wdy, 0.)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=mask)


if __name__ == "__main__":
    import torch
    torch.manual_seed(0)
    M, N = 151, 1000
    x = torch.randn(M, N, device='cuda')
    w = torch.rand(N, device='cuda')
    b = torch.rand(N, device='cuda')
    y = torch.empty_like(x)
    mean = torch.empty(M, device='cuda')
    rstd = torch.empty(M, device='cuda')
    _layer_norm_fwd_fused[(M, )](x, y, w, b, mean, rstd, x.stride(0), N, 1e-5, BLOCK_SIZE=256)
    ref = torch.nn.functional.layer_norm(x, (N, ), w, b, 1e-5)
    print("fwd max abs error:", (y - ref).abs().max().item())
    dy = torch.randn_like(x)
    dx = torch.empty_like(x)
    _layer_norm_bwd_dx[(M, )](dx, dy, x, w, mean, rstd, x.stride(0), N, BLOCK_SIZE_N=1024)
    xr = x.clone().requires_grad_(True)
    torch.nn.functional.layer_norm(xr, (N, ), w, b, 1e-5).backward(dy)
    print("bwd max abs error:", (dx - xr.grad).abs().max().item())
