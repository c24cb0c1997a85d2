# tritonc: -n pair_add_kernel -g "cdiv(n, 64), 1, 1" --link -s "(*fp32, *fp32), *fp32, i32, 64" -s "(*fp32, *fp32), *fp16, i32, 64"
# --link: a tuple entry is two parameters, so entries and parameters no longer correspond: the
# error is placed at the start of the signature, not at an unrelated entry.
import triton
import triton.language as tl


@triton.jit
def pair_add_kernel(pair, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(pair[0] + offs, mask=mask)
    y = tl.load(pair[1] + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)
