# tritonc: -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# tl.inline_asm_elementwise: PTX for one GPU, no C equivalent; a positioned error.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("cvt.rna.tf32.f32 $0, $1;", "=r, r", [x], dtype=tl.float32,
                                  is_pure=True, pack=1)
    tl.store(y_ptr + offs, y)
