"""Triton's Philox random numbers: tl.randint, randint4x, rand, randn, rand4x, randn4x over
int32 and int64 offsets, int32 and int64 seeds, and a round count other than the default."""
import triton
import triton.language as tl


@triton.jit
def randint_kernel(out_ptr, seed, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    r = tl.randint(seed, offs)
    tl.store(out_ptr + offs, r, mask=offs < n)


@triton.jit
def randint4x_kernel(o0_ptr, o1_ptr, o2_ptr, o3_ptr, seed, n, BLOCK: tl.constexpr,
                     ROUNDS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    r0, r1, r2, r3 = tl.randint4x(seed, offs, n_rounds=ROUNDS)
    tl.store(o0_ptr + offs, r0, mask=mask)
    tl.store(o1_ptr + offs, r1, mask=mask)
    tl.store(o2_ptr + offs, r2, mask=mask)
    tl.store(o3_ptr + offs, r3, mask=mask)


@triton.jit
def rand_kernel(out_ptr, seed, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.rand(seed, offs), mask=offs < n)


@triton.jit
def randn_kernel(out_ptr, seed, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.randn(seed, offs), mask=offs < n)


@triton.jit
def randn4x_kernel(out_ptr, seed, n, BLOCK: tl.constexpr):
    # four normals per offset, stored interleaved: out[4 * i + j]
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a, b, c, d = tl.randn4x(seed, offs)
    tl.store(out_ptr + 4 * offs, a, mask=mask)
    tl.store(out_ptr + 4 * offs + 1, b, mask=mask)
    tl.store(out_ptr + 4 * offs + 2, c, mask=mask)
    tl.store(out_ptr + 4 * offs + 3, d, mask=mask)


@triton.jit
def randint64_kernel(out_ptr, seed, base, n, BLOCK: tl.constexpr):
    # int64 offsets: Philox4x32 on (low word, high word, 0, 0); 32-bit words in uint64
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = base + i.to(tl.int64)
    r = tl.randint(seed, offs)
    tl.store(out_ptr + i, r, mask=i < n)


@triton.jit
def rand64_kernel(out_ptr, seed, base, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = base + i.to(tl.int64)
    tl.store(out_ptr + i, tl.rand(seed, offs), mask=i < n)


@triton.jit
def randn64_kernel(out_ptr, seed, base, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = base + i.to(tl.int64)
    tl.store(out_ptr + i, tl.randn(seed, offs), mask=i < n)


@triton.jit
def rand16_kernel(out_ptr, seed, n, BLOCK: tl.constexpr):
    # int16 offsets (some negative): the offset goes to uint32 by value, sign-extended
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = (i - 200).to(tl.int16)
    tl.store(out_ptr + i, tl.rand(seed, offs), mask=i < n)
