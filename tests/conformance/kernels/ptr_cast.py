"""Integers as pointers and back (Triton's inttoptr / ptrtoint casts): int64 values cast with
.to(tl.pi32_t), selected with tl.where, stored into an int64 buffer (test_core's test_where on
'*int32'); and a pointer's address as int64 and as int1."""
import triton
import triton.language as tl


@triton.jit
def ptr_where_kernel(cond_ptr, a_ptr, b_ptr, out_ptr, nz_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    decide = tl.load(cond_ptr + offs, mask=mask)
    a = tl.load(a_ptr + offs, mask=mask).to(tl.pi32_t)
    b = tl.load(b_ptr + offs, mask=mask).to(tl.pointer_type(tl.int32))
    tl.store(out_ptr + offs, tl.where(decide, a, b), mask=mask)
    tl.store(nz_ptr + offs, a.to(tl.int1).to(tl.int32) + (b.to(tl.int64) - a.to(tl.int64) > 0),
             mask=mask)
