# tritonc: --target cuda -n ядро -s "*fp32, *fp32, 64" -g "1, 1, 1"
# A kernel named in Cyrillic (valid Python): the entry points get the ASCII name u044fu0434u0440u043e
# (nvcc refuses universal characters in a __global__ function's name), which the banner explains.
import triton
import triton.language as tl


@triton.jit
def ядро(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs))
