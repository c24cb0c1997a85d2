"""tl.swizzle2d: every program of a size_i x size_j grid (row-major program ids) stores the cell
it is mapped to when the grid is walked in groups of GROUP rows."""
import triton
import triton.language as tl


@triton.jit
def swizzle_kernel(out_ptr, size_i, size_j, GROUP: tl.constexpr):
    pid = tl.program_id(0)
    i = pid // size_j
    j = pid % size_j
    si, sj = tl.swizzle2d(i, j, size_i, size_j, GROUP)
    tl.store(out_ptr + 2 * pid, si)
    tl.store(out_ptr + 2 * pid + 1, sj)
