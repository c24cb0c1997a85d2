# tritonc: -n scale_kernel -s "*fp32, *fp32, i32" -g "1, 1, 1"
# tl.const parameters are read like any pointer (a constexpr choice between two const pointers
# stays const and is only loaded from); the C is the same as without the annotation.
import triton
import triton.language as tl


@triton.jit
def scale_kernel(in_ptr: tl.const, out_ptr, n):
    offs = tl.arange(0, 64)
    src = in_ptr if True else in_ptr + 1
    x = tl.load(src + offs, mask=offs < n)
    tl.store(out_ptr + offs, x * 2, mask=offs < n)
