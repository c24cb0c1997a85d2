# tritonc: --target cuda -n k -s "*fp32, *i32, 16" -g "1, 1, 1"
# an int1 result of inline asm: refused, the message names the dtype
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    r = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], dtype=tl.int1, is_pure=True, pack=1)
    tl.store(out_ptr + offs, r.to(tl.int32))
