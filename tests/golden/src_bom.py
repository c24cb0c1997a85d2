# tritonc: --include-runtime -n scale_kernel -s "*fp32, *fp32, i32, fp32, 128" -g "cdiv(n, 128), 1, 1"
# generate: printf '\357\273\277import triton\n'; cat tests/golden/src_bom.py
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * alpha, mask=mask)
