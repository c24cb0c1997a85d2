# tritonc: --include-runtime -n sub_tiles_kernel -s "*fp32, *fp32, i32, 256, 64" -g "cdiv(n, 256), 1, 1"
# A bounds check the axis facts decide: t runs over [0, 3], so local = t * SUB + tl.arange(0, SUB)
# lies in [0, 255] and `local < BLOCK` holds on every lane of every trip. The vector path takes
# the comparison's outcome from the facts (ir/axis.c): no mask for it in either loop, and the
# loop over whole vectors tests only `i < n`.
import triton
import triton.language as tl


@triton.jit
def sub_tiles_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    pid = tl.program_id(0)
    for t in range(0, BLOCK // SUB):
        local = t * SUB + tl.arange(0, SUB)
        i = pid * BLOCK + local
        m = (i < n) & (local < BLOCK)
        x = tl.load(x_ptr + i, mask=m, other=0.0)
        tl.store(y_ptr + i, x + 1.0, mask=m)
