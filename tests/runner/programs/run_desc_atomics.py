"""Tensor-descriptor reductions (desc.atomic_add / atomic_max / atomic_xor ...): every program
reduces one block into a matrix whose edge blocks are partial, on torch CPU tensors; checked
against torch, and the elements past the edges (a wider row pitch) left untouched. Then a
descriptor a loop reassigns (carried by the loop: later trips use the new one)."""
import torch
import triton
import triton.language as tl


@triton.jit
def desc_reduce(out_ptr, val_ptr, M, N, ld, BM: tl.constexpr, BN: tl.constexpr,
                OP: tl.constexpr):
    desc = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[ld, 1], block_shape=[BM, BN])
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    v = tl.load(val_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :])
    if OP == "add":
        desc.atomic_add([pm * BM, pn * BN], v)
    elif OP == "min":
        desc.atomic_min([pm * BM, pn * BN], v)
    elif OP == "max":
        desc.atomic_max([pm * BM, pn * BN], v)
    elif OP == "and":
        desc.atomic_and([pm * BM, pn * BN], v)
    elif OP == "or":
        desc.atomic_or([pm * BM, pn * BN], v)
    else:
        desc.atomic_xor([pm * BM, pn * BN], v)


M, N, LD, BM, BN = 10, 20, 24, 8, 16
triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8))
for dtype, ops in ((torch.float32, ["add"]), (torch.int32, ["add", "min", "max", "and", "or", "xor"]),
                   (torch.int64, ["min", "max", "xor"]), (torch.float16, ["add", "min", "max"]),
                   (torch.bfloat16, ["min", "max"])):
    for op in ops:
        if dtype.is_floating_point:
            base = torch.randn(M, LD, dtype=dtype)
            val = torch.randn(BM, BN, dtype=dtype)
        else:
            base = torch.randint(-1000, 1000, (M, LD), dtype=dtype)
            val = torch.randint(-1000, 1000, (BM, BN), dtype=dtype)
        out = base.clone()
        desc_reduce[(2, 2)](out, val, M, N, LD, BM=BM, BN=BN, OP=op)
        tiled = val.repeat(2, 2)[:M, :N]
        f = {"add": torch.add, "min": torch.minimum, "max": torch.maximum,
             "and": torch.bitwise_and, "or": torch.bitwise_or, "xor": torch.bitwise_xor}[op]
        want = base.clone()  # floats computed in fp32: one rounding per 16-bit result
        x, y = (base[:, :N], tiled) if not dtype.is_floating_point else (base[:, :N].float(),
                                                                         tiled.float())
        want[:, :N] = f(x, y).to(dtype)
        torch.testing.assert_close(out, want, msg=f"{op} {dtype}")


@triton.jit
def desc_switch(a_ptr, b_ptr, M, N, MB: tl.constexpr, NB: tl.constexpr):
    d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[MB, NB])
    for i in range(0, N, NB):
        x = d.load([0, i])
        d = tl.make_tensor_descriptor(b_ptr, shape=[M, N], strides=[N, 1], block_shape=[MB, NB])
        assert isinstance(d, tl.tensor_descriptor)
        d.store([0, i], x + 1)


a, b = torch.randn(8, 64), torch.randn(8, 64)
want = b + 1
want[:, :16] = a[:, :16] + 1  # the first trip reads a, the later ones b
desc_switch[(1, )](a, b, 8, 64, MB=8, NB=16)
torch.testing.assert_close(b, want)


@triton.jit
def desc_if_switch(a_ptr, b_ptr, M, N, MB: tl.constexpr, NB: tl.constexpr):
    d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[MB, NB])
    for i in range(0, N, NB):
        if i >= 2 * NB:  # a runtime if: the descriptor is merged, then carried
            d = tl.make_tensor_descriptor(b_ptr, shape=[M, N], strides=[N, 1],
                                          block_shape=[MB, NB])
        d.store([0, i], d.load([0, i]) + 1)


a, b = torch.randn(8, 64), torch.randn(8, 64)
wa, wb = a.clone(), b.clone()
wa[:, :32] += 1
wb[:, 32:] += 1
desc_if_switch[(1, )](a, b, 8, 64, MB=8, NB=16)
torch.testing.assert_close(a, wa)
torch.testing.assert_close(b, wb)


# a host TensorDescriptor padded with NaN: a block reaching past the edges reads NaN there
@triton.jit
def desc_pad_copy(src, out_ptr, BM: tl.constexpr, BN: tl.constexpr):
    x = src.load([tl.program_id(0) * BM, 0])
    tl.store(out_ptr + (tl.program_id(0) * BM + tl.arange(0, BM))[:, None] * BN
             + tl.arange(0, BN)[None, :], x)


from triton.tools.tensor_descriptor import TensorDescriptor  # noqa: E402
m = torch.randn(10, 16)
out = torch.zeros(16, 16)
pgm = desc_pad_copy[(2, )](TensorDescriptor.from_tensor(m, [8, 16], padding="nan"), out, BM=8, BN=16)
assert pgm.signature == "tensordesc<fp32[8, 16], nan>, *fp32:16, 8, 16", pgm.signature
torch.testing.assert_close(out[:10], m)
assert torch.isnan(out[10:]).all()
pgm = desc_pad_copy[(2, )](TensorDescriptor.from_tensor(m, [8, 16]), out, BM=8, BN=16)
assert (out[10:] == 0).all() and pgm.signature.startswith("tensordesc<fp32[8, 16]>"), pgm.signature
print("desc_atomics ok")
