# tritonc: -n prefix_sum_kernel -s "*fp16, *fp32, 32"
# A @tl.constexpr function is one Triton calls in Python while compiling the kernel: its body is
# host Python and may call plain functions of the module (FlagGems' get_scan_accum_type and
# get_int_t; the latter called a plain helper, 'not a @triton.jit function' before). Here the
# fp16 input is summed in fp32, the type accum_type picks through widen.
import triton
import triton.language as tl


def widen(t):
    if t.is_fp16() or t.is_bf16():
        return tl.float32
    return tl.int64 if t.is_int() else t


@tl.constexpr
def accum_type(t: tl.dtype) -> tl.dtype:
    return widen(t)


@triton.jit
def prefix_sum_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    acc_t: tl.constexpr = accum_type(x_ptr.type.element_ty)
    tl.static_assert(acc_t == tl.float32)
    x = tl.load(x_ptr + offs).to(acc_t)
    tl.store(out_ptr + offs, tl.cumsum(x, 0))
