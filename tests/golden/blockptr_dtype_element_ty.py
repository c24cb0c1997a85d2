# tritonc: -n scale_kernel -s "*fp32, *fp16, i32, 64" -g "cdiv(n, 64), 1, 1"
# A block pointer's dtype is a pointer type, as in Triton: the store casts to the type the
# output block pointer points to (p_y.dtype.element_ty, fp16), which kernel libraries write
# instead of naming the output's dtype (it was 'dtype attribute element_ty is not supported').
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    p_x = tl.make_block_ptr(x_ptr, (n,), (1,), (tl.program_id(0) * BLOCK,), (BLOCK,), (0,))
    p_y = tl.make_block_ptr(y_ptr, (n,), (1,), (tl.program_id(0) * BLOCK,), (BLOCK,), (0,))
    b = tl.load(p_x, boundary_check=(0,)) * 2
    tl.store(p_y, b.to(p_y.dtype.element_ty), boundary_check=(0,))
