# tritonc: -I tests/golden/mods -n rsqrt_kernel -s "*fp32, *fp32, i32, 64" -g "cdiv(n, 64), 1, 1"
# A module-level name computed by host code in another module: `rsqrt =
# find_libdevice_fn("rsqrt")` runs the helper of vendorlib.math_pick (a dict lookup, then
# getattr on libdevice), and the kernel calls the function it returned.
import triton
import triton.language as tl

from vendorlib.math_pick import find_libdevice_fn

rsqrt = find_libdevice_fn("rsqrt")


@triton.jit
def rsqrt_kernel(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs, mask=offs < n, other=1.0)
    tl.store(Y + offs, rsqrt(x), mask=offs < n)
