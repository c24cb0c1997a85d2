# tritonc: -n finite_kernel -s "*fp32, *fp64, *i32, *i32, i32, 64" -g "cdiv(n, 64), 1, 1"
# libdevice.finitef (fp32) and libdevice.isfinited (fp64): int32, 1 where the value is neither NaN
# nor infinite, imported as kernel libraries do (FlagGems' isclose); it was "unknown function".
import triton
import triton.language as tl
from triton.language.extra.cuda.libdevice import finitef as _finitef
from triton.language.extra.cuda.libdevice import isfinited as _isfinited


@triton.jit
def finite_kernel(x_ptr, d_ptr, out_f, out_d, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_f + offs, _finitef(tl.load(x_ptr + offs, mask=mask)), mask=mask)
    tl.store(out_d + offs, _isfinited(tl.load(d_ptr + offs, mask=mask)), mask=mask)
