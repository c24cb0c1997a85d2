# tritonc: -n shift_kernel -s "*i64, -4, 64" -g "1, 1, 1"
# Constant shifts as Python computes them: -4 << 2 shifted a negative int64 (UBSan: left shift
# of negative value in py_int_op), and 0 << 64 shifted by the type's width; both are now done in
# unsigned arithmetic (0 << n is 0 for every n).
import triton
import triton.language as tl


@triton.jit
def shift_kernel(out, A: tl.constexpr, B: tl.constexpr):
    tl.store(out, A << 2)
    tl.store(out + 1, (A - A) << B)
    tl.store(out + 2, A >> B)
