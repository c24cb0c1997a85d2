# tritonc: -n pick_kernel -s "*fp32, *fp32, *fp32, i32, i32, 64" -g "cdiv(n, 64), 1, 1"
# A jit function's tl.constexpr annotation binds only a kernel's own parameters: called from a
# kernel with a runtime value (use_y, a kernel argument here), Triton passes the value through
# and the callee's `if use_y:` is a runtime branch. FlagGems' isclose_func takes equal_nan so
# (it was "argument 'use_y' of '_pick' is tl.constexpr but got a runtime value").
import triton
import triton.language as tl


@triton.jit
def _pick(x, y, use_y: tl.constexpr):
    r = x
    if use_y:
        r = y
    return r


@triton.jit
def pick_kernel(x_ptr, y_ptr, out_ptr, use_y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, _pick(x, y, use_y), mask=mask)
