# tritonc: -n stages_kernel -s "*i32, 48"
# triton.language.standard._log2, imported by name or read as tl.standard._log2 (topk and
# bitonic-sort kernels size their merge stages with it): a constexpr, floor(log2(i)), 0 for
# i <= 1, as Triton's loop of halvings gives. The stores write 5 (48), 0 (1) and 10 (1024).
import triton
import triton.language as tl
from triton.language.standard import _log2


@triton.jit
def stages_kernel(out_ptr, N: tl.constexpr):
    n_stages: tl.constexpr = _log2(N)
    tl.store(out_ptr, n_stages)
    tl.store(out_ptr + 1, tl.standard._log2(1))
    tl.store(out_ptr + 2, tl.standard._log2(1024))
