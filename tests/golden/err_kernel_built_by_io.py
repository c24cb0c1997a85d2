# tritonc: -n kern -s "*fp32, i32, 64"
# A kernel that a host function returns after host I/O tritonc does not run: a positioned error
# naming what cannot be evaluated, not a guess.
import triton
import triton.language as tl


def load_kernel(path):
    with open(path) as f:
        f.read()

    @triton.jit
    def k(X, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(X + offs, 0.0, mask=offs < n)

    return k


kern = load_kernel("kernels.txt")
