# tritonc: -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# Triton sorts only along the last dimension (standard.py: only minor dimension).
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs[:, None] * N + offs[None, :])
    tl.store(y_ptr + offs[:, None] * N + offs[None, :], tl.sort(x, dim=0))
