# tritonc: -n logic_kernel -s "*i8, *i8, *i1, *i1, i32, 64" -g "cdiv(n, 64), 1, 1"
# x.logical_and(y) and x.logical_or(y), tensor methods of int1 operands as Triton's (FlagGems'
# pointwise logical_and / logical_or call them on .to(tl.int1) values; it was "tensor has no
# attribute or method 'logical_and'").
import triton
import triton.language as tl


@triton.jit
def logic_kernel(x_ptr, y_ptr, and_ptr, or_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.int1)
    y = tl.load(y_ptr + offs, mask=mask).to(tl.int1)
    tl.store(and_ptr + offs, x.logical_and(y), mask=mask)
    tl.store(or_ptr + offs, x.logical_or(y), mask=mask)
