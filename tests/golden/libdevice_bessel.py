# tritonc: -n bessel -s "*fp32, *fp64, 64"
# libdevice's Bessel functions: j0, j1, y0, y1 and the modified cyl_bessel_i0 / i1 (float32
# and float64); the C target's come from runtime/tc_helpers.h section bessel, the CUDA target's
# from CUDA's math library.
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def bessel(x_ptr, d_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, libdevice.j0(x) + libdevice.j1(x) * libdevice.y0(x) - libdevice.y1(x))
    d = tl.load(d_ptr + offs)
    tl.store(d_ptr + offs, libdevice.cyl_bessel_i0(d) + libdevice.cyl_bessel_i1(x.to(tl.float64)))
