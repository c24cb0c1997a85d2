# tritonc: -n namedtuple_args -s "Tile(ptr=*fp32:16, shape=(i32, 16), stride=(i32:16, 1)), Tile(ptr=*fp32:16, shape=(i32, 16), stride=(i32:16, 1)), Epilogue(fn=scale_add, args=(fp32, Bias(ptr=*fp32:16, n=i32))), 32, 16"
# NamedTuple arguments (Triton 3): each type item is a C parameter named by its path of field
# names (src_ptr, src_shape_0, epi_args_1_ptr), constexpr items fold (src_shape_1 = 16, the
# stride 1, the function scale_add). In the kernel: fields by name and by index; NamedTuples
# built by keyword and by position from the module's classes (typing.NamedTuple, its functional
# form, collections.namedtuple with a default), passed to and returned from @triton.jit
# functions, carried by a loop (st_acc, st_steps); a function held in a field, called with a
# tuple spread by `*`.
import collections
from typing import NamedTuple

import triton
import triton.language as tl


class Tile(NamedTuple):
    ptr: tl.tensor
    shape: tuple
    stride: tuple


class Epilogue(NamedTuple):
    fn: tl.constexpr
    args: tuple


class Bias(NamedTuple):
    ptr: tl.tensor
    n: int


Window = collections.namedtuple("Window", "rows cols step", defaults=(1,))
State = NamedTuple("State", [("acc", tl.tensor), ("steps", int)])


@triton.jit
def scale_add(x, alpha, bias: Bias):
    cols = tl.arange(0, 16)
    b = tl.load(bias.ptr + cols, mask=cols < bias.n, other=0.0)
    return x * alpha + b[None, :]


@triton.jit
def tile_ptrs(t: Tile, w):
    rows = w.rows
    return t.ptr + rows[:, None] * t.stride[0] + w.cols[None, :] * t[2][1]


@triton.jit
def tile_mask(t, w):
    return (w.rows[:, None] < t.shape[0]) & (w.cols[None, :] < t.shape[1])


@triton.jit
def window(BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start = tl.program_id(0) * BLOCK_M
    return Window(start + tl.arange(0, BLOCK_M), cols=tl.arange(0, BLOCK_N))


@triton.jit
def namedtuple_args(src, dst, epi, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    w = window(BLOCK_M, BLOCK_N)
    tl.static_assert(w.step == 1)
    tl.static_assert(isinstance(src, Tile) and len(src) == 3)
    view = Tile(stride=src.stride, ptr=src.ptr, shape=src.shape)
    st = State(tl.load(tile_ptrs(view, w), mask=tile_mask(view, w), other=0.0), 0)
    for k in range(0, view.shape[0] // 64):
        st = State(steps=st.steps + 1, acc=epi.fn(st.acc, *epi.args))
    tl.store(tile_ptrs(dst, w), st[0], mask=tile_mask(dst, w) & (st.steps >= 0))
