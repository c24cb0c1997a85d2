# tritonc: -n clip_kernel -s "*fp32, *fp32, i32, *fp32, 128" -g "cdiv(n, 128), 1, 1"
# min() of a tile and a pointer argument: accepted, and the C compared a float with a pointer
# (found by tests/fuzz/mutate.py on py_builtins with `limit` typed *fp32).
import triton
import triton.language as tl


@triton.jit
def clip_kernel(x_ptr, out_ptr, n, limit, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, min(x, limit), mask=mask)
