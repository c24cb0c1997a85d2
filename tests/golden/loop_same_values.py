# tritonc: -n loop_same_values -s "*fp32, i32"
# A loop body may rebind a dtype, a string or a function to the value it had before the loop
# (nothing to carry); only a change is refused (err_loop_uncarried).
import triton
import triton.language as tl


@triton.jit
def helper(x):
    return x + 1


@triton.jit
def loop_same_values(x_ptr, n):
    dt = tl.float32
    mode = "a"
    f = helper
    acc = tl.load(x_ptr)
    for k in range(0, n):
        dt = tl.float32
        mode = "a"
        f = helper
        acc = f(acc.to(dt))
    tl.store(x_ptr, acc)
