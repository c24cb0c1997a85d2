# tritonc: -n hash_kernel -s "*u32, *i32, *u32, i32, 256" -g "cdiv(n, 256), 1, 1"
import triton
import triton.language as tl


@triton.jit
def hash_kernel(key_ptr, nb_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    key = tl.load(key_ptr + offs, mask=mask)
    nb = tl.load(nb_ptr + offs, mask=mask, other=1)
    tl.store(out_ptr + offs, key % nb, mask=mask)
