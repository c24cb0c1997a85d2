# tritonc: --include-runtime -n cast_reduce_kernel -s "*fp32, *fp16, i32, tl.float16, 'sum', 64"
# A dtype-valued constexpr given as Triton names it (tl.float16) and a string-valued one
# compared with ==; `fp16` would be a signature type, which a constexpr rejects.
import triton
import triton.language as tl


@triton.jit
def cast_reduce_kernel(x_ptr, out_ptr, n, OUT_DTYPE: tl.constexpr, reduction: tl.constexpr = "mean",
                       BLOCK: tl.constexpr = 64):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    total = tl.sum(x, axis=0)
    if reduction == "mean":
        total = total / n
    tl.store(out_ptr, total.to(OUT_DTYPE))
