# tritonc: -n tuple_args -s "(*fp32:16, (*fp32:16, 4)), (fp32, i32), *fp32:16, i32, 128"
# Tuple arguments: each type item is a C parameter named by its path (srcs_0, srcs_1_0), the
# constexpr item (4) is folded in; a tuple carried by a loop carries its tensors (acc_0).
import triton
import triton.language as tl


@triton.jit
def tuple_args(srcs, coef, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    acc = (tl.load(srcs[0] + offs, mask=m), tl.load(srcs[1][0] + offs, mask=m))
    for k in range(0, n // 1000):
        acc[0] = acc[0] * coef[0]
    tl.store(out + offs, acc[0] + acc[1] * coef[1] + srcs[1][1], mask=m)
