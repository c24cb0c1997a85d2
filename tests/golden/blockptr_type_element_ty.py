# tritonc: -n copy2d_kernel -s "*fp32, *bf16, i32, i32, 32, 16" -g "cdiv(m, 32), cdiv(n, 16), 1"
# A block pointer's type, as in Triton: x.to(p.type.element_ty) casts to the type the block
# pointer points to (bf16 here), as kernel libraries' generated pointwise kernels store (it was
# "a block pointer has no attribute or method 'type'").
import triton
import triton.language as tl


@triton.jit
def copy2d_kernel(x_ptr, y_ptr, m, n, BM: tl.constexpr, BN: tl.constexpr):
    offs = (tl.program_id(0) * BM, tl.program_id(1) * BN)
    p_x = tl.make_block_ptr(x_ptr, (m, n), (n, 1), offs, (BM, BN), (1, 0))
    p_y = tl.make_block_ptr(y_ptr, (m, n), (n, 1), offs, (BM, BN), (1, 0))
    x = tl.load(p_x, boundary_check=(0, 1))
    tl.store(p_y, (x + 1).to(p_y.type.element_ty), boundary_check=(0, 1))
