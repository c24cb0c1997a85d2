# tritonc: -n permute_kernel -s "*fp32, *i32, *fp32, 32" -g "1, 1, 1"
# Feature checks on Triton's module at import time, as flash-linear-attention writes them:
# hasattr(triton.language, "gather") is True for the Triton tritonc implements, so `gather` is
# tl.gather; an attribute it lacks (a made-up future one) is False, so SCALE takes the else
# branch: 2.0.
import triton
import triton.language as tl

HAS_GATHER = hasattr(triton.language, "gather")

if not HAS_GATHER:
    @triton.jit
    def gather(src, index, axis):
        return src
else:
    gather = tl.gather

if hasattr(triton.language, "fused_gather_scatter_v9"):
    SCALE = tl.constexpr(1.0)
else:
    SCALE = tl.constexpr(2.0)


@triton.jit
def permute_kernel(X, IDX, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    idx = tl.load(IDX + offs)
    tl.store(Y + offs, gather(x, idx, 0) * SCALE)
