# tritonc: --target cuda -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# $7 with two operands: refused (nvcc stopped with an internal compiler error)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    # two operands ($0 the result, $1 the input); $7 names none of them
    y = tl.inline_asm_elementwise("cvt.rna.tf32.f32 $0, $7;", "=r,r", [x], dtype=tl.float32,
                                  is_pure=True, pack=1)
    tl.store(y_ptr + offs, y)
