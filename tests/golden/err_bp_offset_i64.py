# tritonc: -n k -s "*fp32, i32, i32, 16, 32"
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    off = tl.program_id(0).to(tl.int64) * BM
    bp = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (off, 0), (BM, BN), (1, 0))
    x = tl.load(bp)
