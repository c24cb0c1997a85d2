"""Kernels that index with int64 offsets (pid.to(tl.int64) * BLOCK + tl.arange(...)), the form
that avoids int32 overflow on large tensors: the C emitter's vector path takes them through the
axis facts (tests/vec64)."""
import triton
import triton.language as tl


@triton.jit
def silu64_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x / (1.0 + tl.exp(-x)), mask=mask)


@triton.jit
def lane_cast_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # an int64 block start plus an int64 arange; the bounds written the other way round
    start = tl.program_id(0).to(tl.int64) * BLOCK
    offs = start + tl.arange(0, BLOCK).to(tl.int64)
    x = tl.load(x_ptr + offs, mask=n > offs, other=1.0)
    tl.store(y_ptr + offs, x * 2.0 + 1.0, mask=offs <= n - 1)


@triton.jit
def rows64_kernel(x_ptr, y_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0).to(tl.int64) * BM + tl.arange(0, BM)
    rn = tl.program_id(1).to(tl.int64) * BN + tl.arange(0, BN)
    offs = rm[:, None] * stride + rn[None, :]
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, x + 1.0, mask=mask)


@triton.jit
def mod64_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # Inductor style: a column index that repeats every 64 elements
    xindex = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    x0 = xindex % 64
    m = xindex < n
    a = tl.load(x_ptr + x0, mask=m, other=0.0)
    tl.store(y_ptr + xindex, a * 10.0 + 1.0, mask=m)
