"""fp_downcast_rounding: fp32 -> fp16 and bf16 toward zero ("rtz") and to nearest even ("rtne")."""
import triton
import triton.language as tl


@triton.jit
def rtz_kernel(x_ptr, h_ptr, b_ptr, hn_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(h_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"), mask=m)
    tl.store(b_ptr + offs, x.to(tl.bfloat16, fp_downcast_rounding="rtz"), mask=m)
    tl.store(hn_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtne"), mask=m)
