# tritonc: -n triton_poi_fused_0 -D XBLOCK=128
# output code (a graph's module) whose kernel string has an escape: read as written, it is refused
import torch
from torch._inductor.async_compile import AsyncCompile
async_compile = AsyncCompile()

triton_poi_fused_0 = async_compile.triton('triton_poi_fused_0', '''
import triton
import triton.language as tl

@triton.jit
def triton_poi_fused_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:]
    tl.device_assert(xindex < 1000, "index\\n out of bounds")
    tl.store(out_ptr0 + xindex, tl.load(in_ptr0 + xindex))
''', device_str='cuda')
