# tritonc: -n ядро -g "1, 1, 1" --link -s "*fp32:16, *fp32:16, 64" -s "*fp32, *fp32, 64"
# --link of a kernel named in Cyrillic: the linked function, like each specialization, has the
# ASCII name u044fu0434u0440u043e (entry points are ASCII; cu_unicode_name has the CUDA face)
import triton
import triton.language as tl


@triton.jit
def ядро(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs))
