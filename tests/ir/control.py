# tritonc: -n ctl -s "*fp32:16, i32, 64"
import triton
import triton.language as tl


@triton.jit
def ctl(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    p = x_ptr + pid * BLOCK + tl.arange(0, BLOCK)
    r = p
    i = 0
    while i < n:
        tl.store(p, 1.0)
        tl.store(r, 3.0)
        p += BLOCK * 2
        r += BLOCK + 1
        i += 1
    if pid > 3:
        q = p + 4
    else:
        q = p + 2
    tl.store(q, 2.0)


# the while loop's carried pointer tiles: p keeps runs of 64 from 16-byte multiples through
# p += 128; r += 65 (260 bytes) leaves 4 after the second trip of the fixed point; i counts
# 0, 1, 2, ...: its range grows, so it is unknown (no facts printed for it). r is shown as p
# (a loop argument takes the name of its initial value)
# expect: ^  \{ \^\(%[0-9]+\.p, %[0-9]+\.p, %[0-9]+\) %[0-9]+\{contig=64 div=16 const=1\} %[0-9]+\{contig=64 div=4 const=1\}$
# expect: = while .* %[0-9]+\{contig=64 div=16 const=1\} %[0-9]+\{contig=64 div=4 const=1\}$
# expect: store %[0-9]+\.p, %[0-9]+  @[0-9]+$
# if: p + 4 elements is 16-byte aligned, p + 2 only 8: the result joins both
# expect: \.q = if .*\{contig=64 div=8 const=1\}$
# expect: store %[0-9]+\.q, %[0-9]+  @[0-9]+  vec=2$
