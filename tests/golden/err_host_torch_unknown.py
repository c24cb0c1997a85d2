# tritonc: -n k -s "*fp32, 64"
# A torch query tritonc does not know is a positioned error naming it, not a guess.
import torch
import triton
import triton.language as tl


@triton.jit
def k(X, BLOCK: tl.constexpr):
    if tl.constexpr(torch.cuda.is_available()):
        tl.store(X + tl.arange(0, BLOCK), 1.0)
