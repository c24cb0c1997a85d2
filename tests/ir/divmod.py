# tritonc: -n inductor_style -s "*fp32:16, *fp32:16, i32, 1024"
import triton
import triton.language as tl


@triton.jit
def inductor_style(in_ptr, out_ptr, xnumel, XBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex % 64
    x1 = xindex // 64
    x2 = xindex % 48
    x3 = xindex // 48
    x4 = xindex & 31
    x5 = xindex >> 3
    tmp = tl.load(in_ptr + (x0 + 64 * x1), xmask)
    tmp2 = tl.load(in_ptr + (x2 + 48 * x3 + x4 + x5), xmask)
    # below zero C's remainder does not run in +1 steps: (-64..63) % 32
    neg = (tl.arange(0, 128) - 64) % 32
    tl.store(out_ptr + xindex, tmp + tmp2, xmask)
    tl.store(out_ptr + 64 + neg, tl.load(in_ptr + neg + 64))


# xindex's range is unknown (the int32 product may wrap): taken for an index, as Triton does
# expect: \.x0 = mod .*\{contig=64 div=64 const=1\}$
# expect: \.x1 = div .*\{contig=1 div=1 const=64\}$
# 48 = 16 * 3: a multiple of 48 is one of 16, so runs of 16
# expect: \.x2 = mod .*\{contig=16 div=16 const=1\}$
# expect: \.x3 = div .*\{contig=1 div=1 const=16\}$
# expect: \.x4 = and .*\{contig=32 div=32 const=1 range=\[0,31\]\}$
# expect: \.x5 = shr .*\{contig=1 div=1 const=8\}$
# x0 + 64 * x1 == xindex again, but the rules see runs of 64 only
# expect: = add %[0-9]+\.x0, %[0-9]+ : i32\[1024\]  @[0-9]+  \{contig=64 div=64 const=1\}$
# expect: = sub .*: i32\[128\]  @[0-9]+  \{contig=128 div=64 const=1 range=\[-64,63\]\}$
# expect: \.neg = mod .*: i32\[128\]  @[0-9]+  \{range=\[-31,31\]\}$
# two contiguous operands: no runs, and no divisibility at every element
# expect: = add %[0-9]+, %[0-9]+\.x4 : i32\[1024\]  @[0-9]+$
