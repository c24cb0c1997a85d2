# tritonc: -n fnuz_copy -s "*fp8e4b8, *fp8e4b8, 64"
# AMD's fp8 "fnuz" formats (float8e4b8, float8e5b16) are refused as Triton's CUDA backend refuses
# them: "not supported in this architecture" (Triton's test_conversions.py expects that text).
import triton
import triton.language as tl


@triton.jit
def fnuz_copy(x_ptr, y_ptr, N: tl.constexpr):
    tl.store(y_ptr + tl.arange(0, N), tl.load(x_ptr + tl.arange(0, N)))
