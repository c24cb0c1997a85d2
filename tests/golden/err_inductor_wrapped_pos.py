# tritonc: -n triton_poi_fused_0 -s "*fp32, *fp32, i32" -D XBLOCK=128
# output code (a graph's module): the kernel is the string; an error in it has the file's position
import torch
from torch._inductor.async_compile import AsyncCompile
async_compile = AsyncCompile()


triton_poi_fused_0 = async_compile.triton('triton_poi_fused_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics

@triton.jit
def triton_poi_fused_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:]
    tmp0 = tl.load(in_ptr0 + xindex)
    tmp1 = triton_helpers.no_such_helper(tmp0)
    tl.store(out_ptr0 + xindex, tmp1)
''', device_str='cuda')


class Runner:
    def call(self, args):
        triton_poi_fused_0.run(*args)
