# tritonc: -n add_kernel -s "*fp32, *fp32, *fp32, i32" -g "cdiv(n, 128), 1, 1"
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n):
    pid = tl.program_id(0)
    offs_x = pid * 128 + tl.arange(0, 128)
    offs_y = pid * 128 + tl.arange(0, 64)
    x = tl.load(x_ptr + offs_x, mask=offs_x < n)
    y = tl.load(y_ptr + offs_y, mask=offs_y < n)
    out = x + y
    tl.store(out_ptr + offs_x, out, mask=offs_x < n)
