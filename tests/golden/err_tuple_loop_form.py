# tritonc: -n tuple_loop_form -s "*fp32, i32"
# A loop may change the tensors and numbers of a tuple it carries, not its form.
import triton
import triton.language as tl


@triton.jit
def tuple_loop_form(x_ptr, n):
    acc = (tl.load(x_ptr), None)
    for k in range(0, n):
        acc = (acc[0] + 1, 2.0)
    tl.store(x_ptr, acc[0])
