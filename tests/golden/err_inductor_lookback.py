# tritonc: -n triton_spl_fused_cumsum_0 -D XBLOCK=1 -D R0_BLOCK=1024
# Inductor's split scan needs triton_helpers.exclusive_scan_decoupled_lookback (atomics between
# programs); tritonc's triton_helpers does not carry it.
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()


@triton.jit
def _triton_helper_fn_add0(arg0_0, arg1_0):
    tmp0 = arg0_0 + arg1_0
    return tmp0


@triton_heuristics.split_scan(
    size_hints={'x': 1, 'r0_': 1048576},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'ws_ptr': '*u8', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SplitScanGrid', 'kernel_name': 'triton_spl_fused_cumsum_0'}
)
@triton.jit
def triton_spl_fused_cumsum_0(in_ptr0, out_ptr0, ws_ptr, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    r0_numel = 1048576
    xoffset = tl.program_id(1) * XBLOCK
    roffset = tl.program_id(0) * R0_BLOCK
    r0_index = roffset + tl.arange(0, R0_BLOCK)[None, :]
    r0_mask = r0_index < r0_numel
    tmp0 = tl.load(in_ptr0 + (r0_index), r0_mask, other=0.0)
    tmp3 = tl.reduce(tmp0, 1, _triton_helper_fn_add0)
    exclusive_prefix = triton_helpers.exclusive_scan_decoupled_lookback(
        ws_ptr.to(tl.pointer_type(tl.uint64)), tmp3, tl.program_id(0), _triton_helper_fn_add0,
        DTYPE_VALUE_AS_UINT=tl.uint32, DTYPE_PACK=tl.uint64,
    )
    tmp4, = tl.associative_scan((tmp0,), 1, _triton_helper_fn_add0)
    tl.store(out_ptr0 + (r0_index), tmp4 + exclusive_prefix, r0_mask)
