# tritonc: -n scale3 -s "*fp32, i32, 64" -g "cdiv(n, 64), 1, 1"
# A kernel that a host function defines and returns: `scale3 = make_scaler(3.0)` runs the
# function, whose @triton.jit def reads SCALE from the enclosing function (a closure, as Triton
# reads a jit function's nonlocals): the kernel multiplies by 3.0 and is named scale3.
import triton
import triton.language as tl


def make_scaler(factor):
    SCALE = tl.constexpr(factor)

    @triton.jit
    def scale_kernel(X, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(X + offs, mask=offs < n)
        tl.store(X + offs, x * SCALE, mask=offs < n)

    return scale_kernel


scale3 = make_scaler(3.0)
