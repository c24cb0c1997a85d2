# tritonc: -n k -s "*fp32, *fp32, *fp32" -g "1, 1, 1" --target cuda
# tl.math.div_rn on the CUDA target: IEEE division (__fdiv_rn), where `/` is div.full.f32 as Triton emits it.
import triton
import triton.language as tl


@triton.jit
def k(x, y, o):
    a = tl.load(x + tl.arange(0, 128))
    b = tl.load(y + tl.arange(0, 128))
    tl.store(o + tl.arange(0, 128), tl.math.div_rn(a, b) + a / b)
