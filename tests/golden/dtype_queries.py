# tritonc: -n masked_max_kernel -s "*fp16, *i32, *fp32, *i32, i32, 64" -g "1, 1, 1"
# tl.dtype's predicates and attributes as kernel libraries write generic helpers: a lowest
# value per dtype (`dtype.value` of the constexpr a dtype argument is, is_floating(),
# is_int_signed(), int_bitwidth), an upcast decided by is_fp16()/is_bf16(), and parameters
# annotated `tl.tensor` (documentation only: not constexpr).
import triton
import triton.language as tl


@triton.jit
def lowest(dtype):
    d = dtype.value
    if d.is_floating():
        v: tl.constexpr = float("-inf")
        return v
    if d.is_int_signed():
        w: tl.constexpr = d.int_bitwidth
        v: tl.constexpr = -1 * 2 ** (w - 1)
        return v
    return 0


@triton.jit
def masked_max_kernel(x_ptr: tl.tensor, k_ptr: tl.tensor, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=lowest(x_ptr.dtype.element_ty))
    if x.dtype.is_fp16() or x.dtype.is_bf16():
        x = x.to(tl.float32)
    k = tl.load(k_ptr + offs, mask=offs < n, other=lowest(k_ptr.dtype.element_ty))
    tl.store(y_ptr, tl.max(x, axis=0))
    tl.store(z_ptr, tl.max(k, axis=0))
