# tritonc: -n k -s "*i32:16, *i32:16, *i32:16, 16, 8"
# Axis facts of sort, gather and histogram results: their elements are the operand's (range and
# the divisibility every element has carry over; rows equal before a sort stay equal); a
# histogram counts at most the input's length.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, h_ptr, N: tl.constexpr, M: tl.constexpr):
    offs = tl.arange(0, N)
    x = (offs % 10) * 4
    s = tl.sort(x)
    rows = tl.broadcast_to(x[None, :], (M, N))
    srows = tl.sort(rows, descending=True)
    g = tl.gather(x, (offs * 3) % N, 0)
    h = tl.histogram(offs, 16)
    tl.store(y_ptr + offs, s + g)
    tl.store(y_ptr + offs[None, :] + tl.arange(0, M)[:, None] * 0, srows)
    tl.store(h_ptr + offs, h)
# expect: %[0-9]+\.s = sort axis=0 k=16 %[0-9]+\.x : i32\[16\]  @[0-9]+  \{contig=1 div=4 const=1 range=\[0,36\]\}
# expect: %[0-9]+\.srows = sort axis=1 k=16 descending .*\{contig=1,1 div=4,4 const=8,1 range=\[0,36\]\}
# expect: %[0-9]+\.g = gather axis=0 .*\{contig=1 div=4 const=1 range=\[0,36\]\}
# expect: %[0-9]+\.h = histogram bins=16 .*\{range=\[0,16\]\}
