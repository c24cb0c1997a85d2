"""Tuple arguments (Triton 3's): tensors, scalars, constexprs and nested tuples passed in
tuples, tuple items assigned inside the kernel, on torch CPU tensors and numpy arrays; what
each launch binds is read back from its signature, every result checked against torch."""
import numpy as np
import torch
import triton
import triton.language as tl


@triton.jit
def _bump(values):
    for i in tl.static_range(len(values)):
        values[i] = values[i] + 1
    return values


@triton.jit
def _store_all(ptrs, values):
    for i in tl.static_range(len(values)):
        tl.store(ptrs[i], values[i])


@triton.jit
def scalars_out(ptrs, values):
    _store_all(ptrs, _bump(values))


@triton.jit
def axpy_pairs(srcs, coef, out, n, BLOCK: tl.constexpr):
    # srcs = (x, (y, SCALE)): x and y tensors, SCALE a constexpr; coef = (a, b) runtime scalars
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(srcs[0] + offs, mask=m)
    y = tl.load(srcs[1][0] + offs, mask=m)
    acc = (x, y)
    for k in range(0, 2):  # a tuple carried by a loop, one item rewritten per trip
        acc[0] = acc[0] * coef[0]
    tl.store(out + offs, acc[0] + acc[1] * coef[1] + srcs[1][1], mask=m)


# a tuple of three tensors and one of three ints, items bumped in a helper
outs = tuple(torch.zeros(1) for _ in range(3))
pgm = scalars_out[(1, )](outs, (5, 7, 1))
assert [o.item() for o in outs] == [6.0, 8.0, 2.0], outs
assert pgm.signature == "(*fp32:16, *fp32:16, *fp32:16), (i32, i32, 1)", pgm.signature

# nested tuples, a constexpr inside one, runtime scalars in another
x, y, out = torch.randn(1000), torch.randn(1000), torch.empty(1000)
pgm = axpy_pairs[(8, )]((x, (y, tl.constexpr(4))), (0.5, 3), out, 1000, BLOCK=128)
torch.testing.assert_close(out, x * 0.25 + y * 3 + 4)
assert pgm.signature == "(*fp32:16, (*fp32:16, 4)), (fp32, i32), *fp32:16, i32, 128", pgm.signature

# numpy arrays in a tuple, a one-item tuple
xa, ya, oa = (np.arange(300, dtype=np.float32), np.ones(300, dtype=np.float32),
              np.zeros(300, dtype=np.float32))
pgm = axpy_pairs[(3, )]((xa, (ya, 0)), (2.0, 1.5), oa, 300, BLOCK=128)
np.testing.assert_allclose(oa, xa * 4 + 1.5)
one = (torch.zeros(1), )
pgm = scalars_out[(1, )](one, (41, ))
assert one[0].item() == 42.0 and pgm.signature == "(*fp32:16,), (i32,)", pgm.signature
print("tuples ok")
