# tritonc: -n add_kernel -s "*fp32:16, *fp32:16, i64, 1024"
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    lane = tl.arange(0, BLOCK).to(tl.int64)
    tl.store(out_ptr + offs, x + tl.load(x_ptr + lane), mask=mask)


# the int64 index keeps the facts and, unlike int32, a range (no wrap)
# expect: \.offs = add .*: i64\[1024\]  @[0-9]+  \{contig=1024 div=1024 const=1 range=\[0,2199023254527\]\}$
# expect: = cast %[0-9]+\.pid : i64  @[0-9]+  \{range=\[0,2147483646\]\}$
# expect: \.lane = cast .*: i64\[1024\]  @[0-9]+  \{contig=1024 div=max const=1 range=\[0,1023\]\}$
# expect: = ptradd %[0-9]+, %[0-9]+\.offs : \*fp32\[1024\]  @[0-9]+  \{contig=1024 div=16 const=1\}$
# expect: = ptradd %[0-9]+, %[0-9]+\.lane : \*fp32\[1024\]  @[0-9]+  \{contig=1024 div=16 const=1\}$
# n has no :16, so offs < n may change at any lane: one lane per access (as in Triton); the
# unmasked load takes 4
# expect: \.x = load %[0-9]+, %[0-9]+\.mask : fp32\[1024\]  @[0-9]+$
# expect: = load %[0-9]+ : fp32\[1024\]  @[0-9]+  vec=4$
