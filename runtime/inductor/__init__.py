# torch._inductor.runtime as tritonc carries it (runtime/inductor/README.md): the package of the
# modules below. Its decorators module is built into tritonc (sema/builtins.c): Inductor's
# @triton_heuristics.pointwise/reduction/... are accepted and ignored for translation.
import torch._inductor.runtime.triton_heuristics as triton_heuristics
