# tritonc: -n add_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024"
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)
    # the other way round: n > offs holds on the same runs
    tl.store(out_ptr + offs, x, mask=n > offs)
    # <= flips inside a run (at offs == n), so only the lt/ge forms are constant on 16
    tl.store(out_ptr + offs, y, mask=offs <= n)


# pid: a grid index; the i32 product may wrap, so no range
# expect: %[0-9]+\.pid = program_id .* \{range=\[0,2147483646\]\}$
# expect: = mul %[0-9]+\.pid, %[0-9]+ : i32  @[0-9]+  \{div=1024\}$
# expect: \.offs = add .*: i32\[1024\]  @[0-9]+  \{contig=1024 div=1024 const=1\}$
# n is a multiple of 16 (i32:16): the mask changes only at multiples of 16
# expect: \.n = arg 3 : i32  @[0-9]+  \{div=16\}$
# expect: \.mask = lt .*\{contig=1 div=1 const=16\}$
# expect: = gt %[0-9]+, %[0-9]+\.offs : i1\[1024\]  @[0-9]+  \{contig=1 div=1 const=16\}$
# expect: = le %[0-9]+\.offs, %[0-9]+ : i1\[1024\]  @[0-9]+$
# pointers: contiguous in elements, divisible by 16 bytes (the :16 of the base)
# expect: = ptradd .*: \*fp32\[1024\]  @[0-9]+  \{contig=1024 div=16 const=1\}$
# a load of contiguous addresses is not constant; 4 lanes (16 bytes) per access, as the mask
# is constant on runs of 16
# expect: \.x = load .*: fp32\[1024\]  @[0-9]+  vec=4$
# a mask that changes inside a run allows one lane per access
# expect: store %[0-9]+, %[0-9]+\.y, %[0-9]+  @[0-9]+$
