"""triton.language.extra.cuda's globaltimer(), smid(), num_threads() and num_warps() (test_core's
test_globaltimer, test_smid, test_num_threads)."""
import triton
import triton.language as tl


@triton.jit
def timer_kernel(flag_ptr, acc_ptr, info_ptr, N: tl.constexpr):
    # the timer advances across N rounds of loads and stores; the launch's thread and warp counts
    start = tl.extra.cuda.globaltimer()
    off = tl.arange(0, 128)
    for i in range(N):
        tl.store(acc_ptr + off, tl.load(acc_ptr + off) + 1)
    end = tl.extra.cuda.globaltimer()
    tl.store(flag_ptr, (end - start > 0).to(tl.int32))
    nt: tl.constexpr = tl.extra.cuda.num_threads()
    tl.store(info_ptr + tl.arange(0, 2), tl.where(tl.arange(0, 2) == 0, nt,
                                                  tl.extra.cuda.num_warps()))


@triton.jit
def smid_kernel(out_ptr):
    # the multiprocessor running each program: GPU only
    tl.store(out_ptr + tl.program_id(0), tl.extra.cuda.smid() >= 0)
