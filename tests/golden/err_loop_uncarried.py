# tritonc: -n loop_uncarried -s "*fp32, i32"
# A runtime loop cannot carry a dtype: changing one in the body is refused (it was ignored, so
# later trips and the code after the loop saw the value from before the loop).
import triton
import triton.language as tl


@triton.jit
def loop_uncarried(x_ptr, n):
    dt = tl.float32
    acc = tl.load(x_ptr)
    for k in range(0, n):
        acc = acc.to(dt) + 1
        dt = tl.float16
    tl.store(x_ptr, acc)
