# tritonc: -n amax_kernel -s "*fp32, *fp32, i32, 64" -g "cdiv(n, 64), 1, 1"
# A host torch query inside the kernel: `tl.constexpr(torch.version.hip is not None)` is False
# for tritonc's targets (CUDA and C), so the atomic takes Triton's default semantics, as on an
# NVIDIA build of torch. Of torch, only torch.version.hip is known.
import torch
import triton
import triton.language as tl


@triton.jit
def amax_kernel(X, AMAX, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = tl.max(tl.abs(tl.load(X + offs, mask=offs < n, other=0.0)))
    if tl.constexpr(torch.version.hip is not None):
        tl.atomic_max(AMAX, m, sem="relaxed")
    else:
        tl.atomic_max(AMAX, m)
