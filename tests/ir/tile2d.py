# tritonc: -n copy2d -s "*fp16:16, *fp16:16, i32, i32:16, i32:16, 32, 64"
import triton
import triton.language as tl


@triton.jit
def copy2d(x_ptr, y_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    offs = rm[:, None] * stride + rn[None, :]
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x, mask=mask)
    # transposed: the columns are contiguous along dim 0 now
    t = tl.trans(offs)
    tl.store(y_ptr + t, tl.trans(x))


# rows: one value along dim 1; columns: runs of BN along dim 1
# expect: = reshape %[0-9]+\.rm : i32\[32, 1\]  @[0-9]+  \{contig=32,1 div=32,1 const=1,1\}$
# expect: = mul %[0-9]+, %[0-9]+ : i32\[32, 1\]  @[0-9]+  \{contig=1,1 div=16,16 const=1,1\}$
# expect: = broadcast %[0-9]+ : i32\[32, 64\]  @[0-9]+  \{contig=1,1 div=16,16 const=1,64\}$
# along dim 0 every element counts, and rn's are any integers: divisibility 1
# expect: \.offs = add .*: i32\[32, 64\]  @[0-9]+  \{contig=1,64 div=1,16 const=1,1\}$
# fp16: 2-byte elements; the row starts are multiples of 16 bytes (base and stride :16)
# expect: = ptradd %[0-9]+, %[0-9]+\.offs : \*fp16\[32, 64\]  @[0-9]+  \{contig=1,64 div=2,16 const=1,1\}$
# 8 fp16 lanes (16 bytes) per access; the transposed store has no contiguous columns
# expect: \.x = load .*: fp16\[32, 64\]  @[0-9]+  vec=8$
# expect: store %[0-9]+, %[0-9]+\.x, %[0-9]+\.mask  @[0-9]+  vec=8$
# expect: store %[0-9]+, %[0-9]+  @[0-9]+$
# M has no hint: the row mask is constant along the row only; N:16 gives runs of 16 columns
# expect: = lt %[0-9]+, %[0-9]+ : i1\[32, 1\]  @[0-9]+$
# expect: \.mask = and .*: i1\[32, 64\]  @[0-9]+  \{contig=1,1 div=1,1 const=1,16\}$
# expect: \.t = permute perm=1,0 .*: i32\[64, 32\]  @[0-9]+  \{contig=64,1 div=16,1 const=1,1\}$
