# tritonc: --target cuda -n k -s "*fp32, *i32, i32, 16" -g "1, 1, 1"
# an int1 argument of inline asm: refused (its C type was uint1_t, which nvcc did not know)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b = offs < n
    r = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [b], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(out_ptr + offs, r)
