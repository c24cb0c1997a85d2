# Kernels in Inductor's style that call the triton_helpers the harvested kernels do not
# (tests/inductor/check.py runs them against numpy): min2, prod, any, min_with_index,
# max_with_index on ints, welford_combine through welford (empty partial states),
# div_floor_integer, remainder_integer, promote_to_tensor, device_assert_then, tl_math.
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
triton_helpers.set_driver_to_gpu()


@triton.jit
def helper_rows(x_ptr, k_ptr, out_ptr, idx_ptr, XBLOCK: tl.constexpr, R0_BLOCK: tl.constexpr):
    # x: rows of R0_BLOCK floats; k: the same shape of int32
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    x = tl.load(x_ptr + (r0_index + R0_BLOCK * xindex))
    k = tl.load(k_ptr + (r0_index + R0_BLOCK * xindex))
    out = out_ptr + 5 * xindex
    tl.store(out + 0, triton_helpers.min2(x, 1)[:, None])
    tl.store(out + 1, triton_helpers.prod(x, 1)[:, None])
    tl.store(out + 2, triton_helpers.any(x > 2.0, 1)[:, None].to(tl.float32))
    v, i = triton_helpers.min_with_index(x, tl.broadcast_to(r0_index, x.shape), 1)
    tl.store(out + 3, v[:, None])
    tl.store(idx_ptr + 2 * xindex, i[:, None])
    kv, ki = triton_helpers.max_with_index(k, tl.broadcast_to(r0_index, k.shape), 1)
    tl.store(out + 4, kv[:, None].to(tl.float32))
    tl.store(idx_ptr + 2 * xindex + 1, ki[:, None])


@triton.jit
def helper_welford(mean_ptr, m2_ptr, weight_ptr, out_ptr, XBLOCK: tl.constexpr,
                   R0_BLOCK: tl.constexpr):
    # partial Welford states (some of weight 0) merged per row: mean, m2, weight
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    off = r0_index + R0_BLOCK * xindex
    mean, m2, weight = triton_helpers.welford(tl.load(mean_ptr + off), tl.load(m2_ptr + off),
                                              tl.load(weight_ptr + off), 1)
    tl.store(out_ptr + 3 * xindex, mean[:, None])
    tl.store(out_ptr + 3 * xindex + 1, m2[:, None])
    tl.store(out_ptr + 3 * xindex + 2, weight[:, None])


@triton.jit
def helper_int(a_ptr, b_ptr, out_ptr, f_ptr, xnumel, XBLOCK: tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    a = tl.load(a_ptr + xindex, xmask, other=1)
    b = tl.load(b_ptr + xindex, xmask, other=1)
    tl.store(out_ptr + 2 * xindex, triton_helpers.div_floor_integer(a, b), xmask)
    r = triton_helpers.device_assert_then(b != 0, "division by zero", a)
    tl.store(out_ptr + 2 * xindex + 1, triton_helpers.remainder_integer(r, b), xmask)
    one = triton_helpers.promote_to_tensor(1.5)
    f = a.to(tl.float32) + one
    tl.store(f_ptr + xindex, tl_math.abs(f) + libdevice.floor(f), xmask)
