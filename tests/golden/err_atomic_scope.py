# tritonc: -n k -s "*i32, i32, 64"
import triton
import triton.language as tl


@triton.jit
def k(p, x, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(p + offs, x, scope="system")
