# tritonc: -n add_one_kernel -s "*fp32, i32" -g "cdiv(n, 64), 1, 1"
# Configs built by a host function with loops, as many libraries write it: nested for loops
# over lists appending to a list (which changes in place), a loop over pairs that returns from
# inside an if, and a module-level total computed by a loop over range(). first_block() returns
# 64 (the first pair whose warps exceed 2), so the first config is BLOCK 64, 4 warps; EXTRA is
# 0 + 1 + 2 + 3 = 6.
import triton
import triton.language as tl

PAIRS = [(32, 2), (64, 4), (128, 8)]


def first_block():
    for block, warps in PAIRS:
        if warps > 2:
            return block
    return 16


def build_configs():
    configs = []
    for block in [first_block(), 256]:
        for warps in [4, 8]:
            configs.append(triton.Config({"BLOCK": block}, num_warps=warps))
    configs.extend([triton.Config({"BLOCK": 512}, num_warps=8)])
    return configs


def total(k):
    s = 0
    for i in range(k):
        s += i
    return s


EXTRA = total(4)


@triton.autotune(configs=build_configs(), key=["n"])
@triton.jit
def add_one_kernel(X, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(X + offs, tl.load(X + offs, mask=offs < n) + EXTRA, mask=offs < n)
