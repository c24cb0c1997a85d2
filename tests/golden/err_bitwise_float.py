# tritonc: -n bitwise_kernel -s "*i32, *fp32, *i32" -g "1, 1, 1"
# Triton rejects & | ^ << >> with a float operand as "invalid operands of type A and B", naming
# the operands' own types; Triton's test_core (test_bitwise_op) matches on that text.
import triton
import triton.language as tl


@triton.jit
def bitwise_kernel(x_ptr, y_ptr, z_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(z_ptr + offs, x & y)
