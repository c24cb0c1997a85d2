"""A kernel tritonc rejects: the launch raises tritonc.CompilationError carrying tritonc's
positioned message (this file's name, the line of the bad statement, a caret)."""
import torch
import triton
import triton.language as tl


@triton.jit
def bad_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, x.no_such_method())


bad_kernel[(1, )](torch.zeros(16), 16, BLOCK=16)
