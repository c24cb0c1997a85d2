# tritonc: -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# tl.reduce / tl.associative_scan with a combine that returns its left operand: the right
# operand's element is not declared (it drew -Wunused-variable) and the accumulator is not
# assigned to itself (clang's -Wself-assign)
import triton
import triton.language as tl


@triton.jit
def _first(a, b):
    return a


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    f = tl.load(x_ptr + offs)
    tl.store(out_ptr, tl.reduce(f, 0, _first))
    tl.store(out_ptr + 1 + offs, tl.associative_scan(f, 0, _first))
