# tritonc: -n fill_kernel -s "*fp32"
# A global whose value comes from calling a host Python helper: a kernel reading it gets an
# error at the read naming what the helper does that tritonc does not evaluate; the other module-level call is ignored.
import triton
import triton.language as tl


def pick_block(n):
    return 1 << (n - 1).bit_length()


warm_caches()
BLOCK = pick_block(1000)


@triton.jit
def fill_kernel(out_ptr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, 1.0)
