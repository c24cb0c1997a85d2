# tritonc: -n shift_kernel -s "*i32" -g "1, 1, 1"
# A Python float meeting an integer tile in a shift: the same error, naming fp32 for the float.
import triton
import triton.language as tl


@triton.jit
def shift_kernel(x_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, x << 1.5)
