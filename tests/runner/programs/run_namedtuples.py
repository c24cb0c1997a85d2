"""NamedTuple arguments and NamedTuples built inside kernels (Triton 3's): a NamedTuple holding
a @triton.jit function and a tuple of tensors, one holding a tensor, a torch.Size and strides
(Triton's test_tuple.py::test_namedtuple), nested NamedTuples with defaults, a
collections.namedtuple, @triton.jit functions passed as constexprs (two of one name), and the
errors; what each launch binds is read back from its signature, every result checked against
torch or numpy."""
import collections
from typing import NamedTuple

import numpy as np
import torch
import triton
import triton.language as tl

import tritonc


class Function(NamedTuple):
    fn: tl.constexpr
    captured: tuple


class Tensor(NamedTuple):
    ptr: any
    shape: tuple
    stride: tuple


class Affine(NamedTuple):
    scale: float
    shift: float = 0.0


class Plan(NamedTuple):
    src: Tensor
    affine: Affine
    REPEAT: int = 1


Span = collections.namedtuple("Span", ["start", "stop"])


@triton.jit
def _mask(t, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    return (offs_m[:, None] < t.shape[0]) & (offs_n[None, :] < t.shape[1])


@triton.jit
def _ptrs(t, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    return t.ptr + offs_m[:, None] * t.stride[0] + offs_n[None, :] * t.stride[1]


# test_tuple.py's kernel: X rebuilt by keyword from the module's class, the closure's function
# called with its captured tensors spread by `*`
@triton.jit
def closure_kernel(closure, _X, Y, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    X = Tensor(shape=_X.shape, ptr=_X.ptr, stride=_X.stride)
    x = tl.load(_ptrs(X, BLOCK_M, BLOCK_N), mask=_mask(X, BLOCK_M, BLOCK_N), other=0)
    y = closure.fn(x, *closure.captured)
    tl.store(_ptrs(Y, BLOCK_M, BLOCK_N), y, mask=_mask(Y, BLOCK_M, BLOCK_N))


@triton.jit
def _apply(a: Affine, x):
    return x * a.scale + a.shift


@triton.jit
def _step(s, k):
    # a NamedTuple returned: positional items, a defaulted field left out, index access
    return Affine(s[0] * k) if k > 0 else Affine(s.scale, shift=s.shift + 1.0)


@triton.jit
def plan_kernel(plan, out, span, BLOCK: tl.constexpr):
    tl.static_assert(isinstance(plan.affine, Affine) and plan._fields[2] == "REPEAT")
    offs = tl.arange(0, BLOCK)
    m = (offs >= span.start) & (offs < span.stop)
    x = tl.load(plan.src.ptr + offs * plan.src.stride[0], mask=m, other=0.0)
    a = plan.affine
    for r in tl.static_range(plan.REPEAT):
        x = _apply(a, x)
    acc = Affine(1.0, 0.0)
    for k in range(0, span.start):  # a NamedTuple carried by a loop
        acc = Affine(acc.scale * 2.0, acc.shift + 1.0)
    tl.store(out + offs, _apply(acc, x), mask=m)
    tl.store(out + BLOCK, _step(a, 3).scale + _step(a, 0).shift)


@triton.jit
def apply_fn(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, FN(tl.load(x_ptr + offs, mask=m)), mask=m)


@triton.jit
def bad_field(t):
    tl.store(t.ptr, t.size)


def check_closure():
    x = torch.randn((32, 32), dtype=torch.float32)
    y = torch.empty((16, 16), dtype=torch.float32)
    a = torch.tensor([5.2], dtype=torch.float32)

    @triton.jit
    def mul(x, a):
        return x * tl.load(a)

    pgm = closure_kernel[(1, )](Function(mul, (a, )), Tensor(x, x.shape, x.stride()),
                                Tensor(y, y.shape, y.stride()), 64, 64)
    torch.testing.assert_close(y, x[:16, :16] * a)
    want = ("Function(fn=mul, captured=(*fp32:16,)), "
            "Tensor(ptr=*fp32:16, shape=(i32:16, i32:16), stride=(i32:16, 1)), "
            "Tensor(ptr=*fp32:16, shape=(i32:16, i32:16), stride=(i32:16, 1)), 64, 64")
    assert pgm.signature == want, pgm.signature
    return x, y, a


def check_same_name(x, y, a):
    # another function named `mul`: a launch with it must not reuse the first one's build
    @triton.jit
    def mul(x, a):
        return x + tl.load(a)

    closure_kernel[(1, )](Function(mul, (a, )), Tensor(x, x.shape, x.stride()),
                          Tensor(y, y.shape, y.stride()), 64, 64)
    torch.testing.assert_close(y, x[:16, :16] + a)


def check_plan():
    src = torch.randn(64)
    out = torch.zeros(33)
    plan = Plan(Tensor(src[::2], (32, ), (2, )), Affine(1.5, -0.25), REPEAT=tl.constexpr(2))
    pgm = plan_kernel[(1, )](plan, out, Span(3, 29), BLOCK=32)
    x = src[::2].clone()
    for _ in range(2):
        x = x * 1.5 - 0.25
    ref = torch.zeros(33)
    ref[3:29] = x[3:29] * 8.0 + 3.0  # three trips of the loop: scale 2^3, shift 3
    ref[32] = 1.5 * 3 + (-0.25 + 1.0)
    torch.testing.assert_close(out, ref)
    want = ("Plan(src=Tensor(ptr=*fp32:16, shape=(i32:16,), stride=(i32,)), "
            "affine=Affine(scale=fp32, shift=fp32), REPEAT=2), *fp32:16, Span(start=i32, stop=i32), 32")
    assert pgm.signature == want, pgm.signature
    # numpy arrays inside, a default field left to its default
    srcn = np.arange(32, dtype=np.float32)
    outn = np.zeros(33, dtype=np.float32)
    plan_kernel[(1, )](Plan(Tensor(srcn, (32, ), (1, )), Affine(2.0), tl.constexpr(1)), outn,
                       Span(0, 32), BLOCK=32)
    np.testing.assert_allclose(outn[:32], srcn * 2.0)


def check_fn_constexpr():
    @triton.jit
    def square(v):
        return v * v

    @triton.jit
    def negate(v):
        return -v

    x, out = torch.randn(100), torch.empty(100)
    pgm = apply_fn[(1, )](x, out, 100, square, BLOCK=128)
    torch.testing.assert_close(out, x * x)
    assert pgm.signature == "*fp32:16, *fp32:16, i32, square, 128", pgm.signature
    apply_fn[(1, )](x, out, 100, FN=negate, BLOCK=128)
    torch.testing.assert_close(out, -x)


def check_errors():
    t = torch.zeros(4)
    try:
        bad_field[(1, )](Tensor(t, (4, ), (1, )))
    except tritonc.CompilationError as e:
        msg = str(e)
        assert "NamedTuple 'Tensor' has no field 'size' (its fields: ptr, shape, stride)" in msg, msg
    else:
        raise AssertionError("reading a missing field was accepted")

    # a function argument named as another global the kernel reads (its helper _ptrs)
    @triton.jit
    def _ptrs(x, a):
        return x

    x, y = torch.zeros((16, 16)), torch.zeros((16, 16))
    try:
        closure_kernel[(1, )](Function(_ptrs, (t, )), Tensor(x, x.shape, x.stride()),
                              Tensor(y, y.shape, y.stride()), 16, 16)
    except tritonc.ArgumentError as e:
        assert "function _ptrs passed as an argument has the name of another value" in str(e), e
    else:
        raise AssertionError("a function argument shadowing a helper's name was accepted")


x, y, a = check_closure()
check_same_name(x, y, a)
check_plan()
check_fn_constexpr()
check_errors()
print("namedtuples ok")
