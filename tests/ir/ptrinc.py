# tritonc: -n walk -s "*fp32:16, *fp32:16, i32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def walk(x_ptr, y_ptr, n, step, BLOCK: tl.constexpr):
    p = x_ptr + tl.arange(0, BLOCK)
    q = y_ptr + tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(n):
        acc += tl.load(p)
        p += BLOCK
        q += step
    tl.store(p, acc)
    tl.store(q, acc)


# pass_ptrinc: the pointer tiles p and q are no longer carried; two int64 offsets are, from 0
# expect: = for .*, %[0-9]+\.acc, %[0-9]+, %[0-9]+ : fp32\[64\], i64, i64  @11
# reject: = for .*\*fp32\[64\]
# inside: p is x_ptr's tile plus the offset, which advances by BLOCK (64 elements, 256 bytes)
# expect: ^    %[0-9]+\.p = ptradd %[0-9]+\.p, %[0-9]+ : \*fp32\[64\]  @13  \{contig=64 div=16 const=1\}$
# expect: ^    %[0-9]+ = add %[0-9]+\.p_off, %[0-9]+ : i64  @13  \{div=64\}$
# after the loop: p's final value is the initial tile plus the final offset (what the store uses)
# expect: ^  %[0-9]+\.p = ptradd %[0-9]+\.p, %[0-9]+ : \*fp32\[64\]  @13  \{contig=64 div=16 const=1\}$
# q moves by a runtime step: its divisibility after the loop is only its element size's
# expect: ^  %[0-9]+\.q = ptradd %[0-9]+\.q, %[0-9]+ : \*fp32\[64\]  @14  \{contig=64 div=4 const=1\}$
