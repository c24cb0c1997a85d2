# tritonc: -n grad_kernel -s "*fp32, *fp32, *fp32, i32, 64" -g "cdiv(n, 64), 1, 1" --target cuda
# Parameters whose Python names C or C++ reserve (fla names the gradient of o `do`; `new` and
# `this` are C++ keywords nvcc refuses): their C names take a trailing '_' (do_, new_, this_),
# in the program, the launchers and the header; a local `do_` the kernel binds is renamed apart.
import triton
import triton.language as tl


@triton.jit
def grad_kernel(do, new, this, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    do_ = tl.load(do + offs, mask=offs < n)
    tl.store(new + offs, do_ * tl.load(this + offs, mask=offs < n), mask=offs < n)
