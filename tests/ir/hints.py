# tritonc: -n hinted -s "*fp32:16, *fp32, i32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def hinted(x_ptr, y_ptr, M, start, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    # a wrapped row index: % M loses the runs, the hints give them back (matmul style)
    rm = (pid * BLOCK + tl.arange(0, BLOCK)) % M
    rm = tl.max_contiguous(tl.multiple_of(rm, BLOCK), BLOCK)
    s = tl.multiple_of(start, 8)
    xo = rm + s
    x = tl.load(x_ptr + xo)
    # a gathered table the analysis cannot see into: equal in fours, says the kernel's author
    g = tl.max_constancy(tl.load(x_ptr + tl.load(y_ptr + rm).to(tl.int32)), 4)
    tl.store(y_ptr + rm, x + g)


# expect: \.rm = mod .*\{contig=64 div=64 const=1; hint contig=64 div=64\}$
# expect: \.start = arg 3 : i32  @[0-9]+  \{div=8; hint div=8\}$
# x_ptr is 16-byte aligned, rm a multiple of 64 elements, s of 8 (32 bytes): 16
# expect: \.xo = add .*: i32\[64\]  @[0-9]+  \{contig=64 div=8 const=1\}$
# expect: = ptradd %[0-9]+, %[0-9]+\.xo : \*fp32\[64\]  @[0-9]+  \{contig=64 div=16 const=1\}$
# expect: \.g = load .*: fp32\[64\]  @[0-9]+  \{const=4; hint const=4\}$
# expect: \.x = load %[0-9]+ : fp32\[64\]  @[0-9]+  vec=4$
# y_ptr has no :16: nothing is known of its address (as in Triton), one lane per access
# expect: = load %[0-9]+ : fp32\[64\]  @[0-9]+$
# expect: = ptradd %[0-9]+, %[0-9]+\.rm : \*fp32\[64\]  @[0-9]+  \{contig=64 div=1 const=1\}$
