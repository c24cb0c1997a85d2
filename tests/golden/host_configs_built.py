# tritonc: -n scale_kernel -s "*fp32, *fp32, i32" -g "cdiv(n, 128), 1, 1"
# Autotune configs made by host code, evaluated as Python would: a comprehension over two
# loops with a condition, a pre_hook made by a factory function (a closure over its argument),
# a function returning the list, and filter() with a predicate reading each config's kwargs and
# num_warps. Kept, in order: (BLOCK 128, 4 warps), (128, 8), (256, 4), (256, 8) (BLOCK 64 and
# the 2-warp configs are filtered out), so the first config gives BLOCK = 128 and SCALE = 2.0
# (SCALES[1], a dict comprehension's value).
import triton
import triton.language as tl


def zero_output(name):
    return lambda nargs: nargs[name].zero_()


SCALES = {i: float(2 * i) for i in range(1, 3)}


def get_configs(blocks):
    return [
        triton.Config({"BLOCK": b, "SCALE": SCALES[1]}, num_warps=w, pre_hook=zero_output("Y"))
        for b in blocks
        for w in (2, 4, 8)
        if b * w >= 256
    ]


def keep(conf):
    return conf.kwargs["BLOCK"] >= 128 and conf.num_warps > 2


@triton.autotune(configs=list(filter(keep, get_configs([64, 128, 256]))), key=["n"])
@triton.jit
def scale_kernel(X, Y, n, BLOCK: tl.constexpr, SCALE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.load(X + offs, mask=offs < n) * SCALE, mask=offs < n)
