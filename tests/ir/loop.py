# tritonc: -n col_sum -s "*fp32:16, *fp32:16, i32, 128" --target cuda
import triton
import triton.language as tl


@triton.jit
def col_sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    p = x_ptr + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    j = 0
    k = 0
    for i in range(0, n, BLOCK):
        acc += tl.load(p)
        p += BLOCK + tl.arange(0, BLOCK) * 0  # not one scalar: pass_ptrinc keeps the tile
        j += 4
        k += 0
    tl.store(out_ptr + tl.arange(0, BLOCK) + j + k, acc)


# (an increment that is not one scalar: pass_ptrinc, which turns a carried pointer tile into a carried
# offset on both targets, leaves it; tests/ir/ptrinc.py)
# the carried pointer tile keeps its runs and alignment through p += BLOCK (fixed point);
# j loses its initial 0's divisibility (any power of two) to 4; k stays 0
# expect: ^  \{ \^\(%[0-9]+\.i, %[0-9]+\.acc, %[0-9]+\.p, %[0-9]+, %[0-9]+\) %[0-9]+\{div=128 range=\[0,2147483646\]\} %[0-9]+\{contig=128 div=16 const=1\} %[0-9]+\{div=4\} %[0-9]+\{div=max range=\[0,0\]\}$
# the loop's results: the same facts
# expect: = for .* %[0-9]+\{contig=128 div=16 const=1\} %[0-9]+\{div=4\} %[0-9]+\{div=max range=\[0,0\]\}$
