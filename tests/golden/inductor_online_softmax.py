# tritonc: -n online_softmax_kernel -s "*fp32, *fp32, *fp32, i32, 8, 64" -g "1, 1, 1"
# Inductor's online softmax helpers (torch._inductor.runtime.triton_helpers, carried by tritonc):
# a loop over column blocks keeps each row's running (max, sum of exp(x - max)) with
# online_softmax_combine, then online_softmax_reduce folds the block's columns into one pair per
# row, stored to MAX and SUM. rnumel 100 is not a multiple of R_BLOCK: masked columns are -inf.
import triton
import triton.language as tl
from torch._inductor.runtime import triton_helpers


@triton.jit
def online_softmax_kernel(X, MAX, SUM, xnumel, X_BLOCK: tl.constexpr, R_BLOCK: tl.constexpr):
    rnumel = 100
    xindex = tl.program_id(0) * X_BLOCK + tl.arange(0, X_BLOCK)[:, None]
    xmask = xindex < xnumel
    rbase = tl.arange(0, R_BLOCK)[None, :]
    run_max = tl.full([X_BLOCK, R_BLOCK], float("-inf"), tl.float32)
    run_sum = tl.zeros([X_BLOCK, R_BLOCK], tl.float32)
    for roffset in range(0, rnumel, R_BLOCK):
        rindex = roffset + rbase
        rmask = rindex < rnumel
        x = tl.load(X + (rindex + rnumel * xindex), rmask & xmask, other=float("-inf"))
        new_max, new_sum = triton_helpers.online_softmax_combine(run_max, run_sum, x, True)
        run_max = tl.where(rmask & xmask, new_max, run_max)
        run_sum = tl.where(rmask & xmask, new_sum, run_sum)
    row_max, row_sum = triton_helpers.online_softmax_reduce(run_max, run_sum, 1, True)
    tl.store(MAX + xindex, row_max[:, None], xmask)
    tl.store(SUM + xindex, row_sum[:, None], xmask)
