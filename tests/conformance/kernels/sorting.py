"""Data-dependent movement: tl.sort (ascending, descending, 2-D along the last axis, argsort by
packed keys), tl.topk, tl.gather along each axis, tl.histogram with and without a mask, tl.flip
along each axis of a 2-D tile."""
import triton
import triton.language as tl


@triton.jit
def sort_kernel(x_ptr, asc_ptr, desc_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(asc_ptr + offs, tl.sort(x))
    tl.store(desc_ptr + offs, tl.sort(x, descending=True))


@triton.jit
def sort_rows_kernel(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, DESC: tl.constexpr):
    # one program per block of M rows; the rows are sorted along the last axis
    rows = tl.program_id(0) * M + tl.arange(0, M)
    offs = rows[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.sort(x, dim=1, descending=DESC))


@triton.jit
def argsort_kernel(x_ptr, idx_ptr, N: tl.constexpr):
    # the usual argsort: value in the high bits, position in the low 16, one integer sort
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    packed = (x.to(tl.int32) << 16) | offs
    s = tl.sort(packed)
    tl.store(idx_ptr + offs, s & 0xFFFF)


@triton.jit
def topk_kernel(x_ptr, y_ptr, N: tl.constexpr, K: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))
    tl.store(y_ptr + row * K + tl.arange(0, K), tl.topk(x, K))


@triton.jit
def topk_i16_kernel(x_ptr, y_ptr, N: tl.constexpr, K: tl.constexpr):
    # below k == n Triton's topk returns int32 for a 16-bit input (tl.max widens)
    x = tl.load(x_ptr + tl.arange(0, N))
    y = tl.topk(x, K)
    tl.static_assert(y.dtype == tl.int32)
    tl.store(y_ptr + tl.arange(0, K), y)


@triton.jit
def gather_kernel(src_ptr, i0_ptr, i1_ptr, g0_ptr, g1_ptr, M: tl.constexpr, N: tl.constexpr,
                  K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    src = tl.load(src_ptr + rm[:, None] * N + rn[None, :])
    # axis 0: K rows picked per column
    i0 = tl.load(i0_ptr + rk[:, None] * N + rn[None, :])
    tl.store(g0_ptr + rk[:, None] * N + rn[None, :], tl.gather(src, i0, 0))
    # axis 1: K columns picked per row
    i1 = tl.load(i1_ptr + rm[:, None] * K + rk[None, :])
    tl.store(g1_ptr + rm[:, None] * K + rk[None, :], src.gather(i1, axis=1))


@triton.jit
def histogram_kernel(x_ptr, h_ptr, hm_ptr, n, N: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + tl.arange(0, BINS), tl.histogram(x, BINS))
    tl.store(hm_ptr + tl.arange(0, BINS), tl.histogram(x, BINS, mask=offs < n))


@triton.jit
def flip2d_kernel(x_ptr, f0_ptr, f1_ptr, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(f0_ptr + offs, tl.flip(x, 0))
    tl.store(f1_ptr + offs, x.flip(dim=1))


@triton.jit
def sort_special_kernel(x_ptr, bits_ptr, N: tl.constexpr, DESC: tl.constexpr):
    # NaN, -0.0 and +0.0 among the keys: Triton's network is not a permutation for them (a NaN
    # can take its neighbour's place, -0.0 meets +0.0 as equal); stored as bits
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    x = tl.where(x > 0.75, float("nan"), x)
    x = tl.where((x > -0.25) & (x < 0.0), -0.0, x)
    x = tl.where((x >= 0.0) & (x < 0.25), 0.0, x)
    s = tl.sort(x, descending=DESC)
    tl.store(bits_ptr + offs, s.to(tl.int32, bitcast=True))
