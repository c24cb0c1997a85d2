# tritonc: -n skip_kernel -s "*fp32, *fp32, i32, 64" -g "1, 1, 1"
import triton
import triton.language as tl


@triton.jit
def skip_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n, BLOCK):
        if start % (2 * BLOCK) == 0:
            continue
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + tl.arange(0, BLOCK), acc)
