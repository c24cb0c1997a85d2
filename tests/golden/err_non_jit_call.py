# tritonc: -n gelu_kernel -s "*fp32, *fp32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl


def gelu(x):
    return 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))


@triton.jit
def gelu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, gelu(x), mask=mask)
