"""Keyword arguments and forms Triton's own test_core.py uses: argmax/argmin tie_break_left=,
tl.cat can_reorder=. Outputs are chosen to be the same for every answer Triton allows
(tie_break_left=False may return any index of an extreme: its value is stored; can_reorder=True
may permute the concatenation: its sum and maximum are stored)."""
import triton
import triton.language as tl


@triton.jit
def argext_tiebreak_kernel(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + 0, tl.argmax(x, axis=0, tie_break_left=True))
    tl.store(out_ptr + 1, tl.argmin(x, 0, True))
    tl.store(out_ptr + 2, tl.load(x_ptr + tl.argmax(x, axis=0, tie_break_left=False)))
    tl.store(out_ptr + 3, tl.load(x_ptr + tl.argmin(x, axis=0, tie_break_left=False)))
    z = tl.cat(x, y, can_reorder=True)
    tl.store(out_ptr + 4, tl.sum(z, axis=0))
    tl.store(out_ptr + 5, tl.max(z, axis=0))


@triton.jit
def shift_mixed_kernel(x_ptr, y_ptr, s_ptr, u_ptr, z_ptr, w_ptr, N: tl.constexpr):
    """>> shifts by the tensor's own signedness on the promoted operands: int8 >> uint32 is an
    arithmetic shift of the sign-extended value (result uint32); uint16 >> int8 is logical."""
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(z_ptr + offs, x >> y)
    s = tl.load(s_ptr + offs)
    u = tl.load(u_ptr + offs)
    tl.store(w_ptr + offs, u >> s)


@triton.jit
def number_attrs_kernel(out_ptr, acc_ptr, lo, hi, N: tl.constexpr):
    """A number a kernel assigns is a scalar tensor to Triton: its .dtype and .to() exist."""
    value = 3
    tl.store(out_ptr + tl.arange(0, N), tl.full([N], value=value, dtype=value.dtype))
    acc = 0
    acc = acc.to(tl.int64)
    for i in range(lo, hi, 3):
        acc += i
    tl.store(acc_ptr, acc)


@triton.jit
def py_forms_kernel(a_ptr, b_ptr, out_ptr, flag_ptr, N: tl.constexpr):
    """getattr(tl, name)(...), getattr(tl.PropagateNan, name), isinstance, float('-nan') and
    tl.pointer_type, as Triton's test_core writes them."""
    FUNC: tl.constexpr = "maximum"
    PROP: tl.constexpr = "ALL"
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    r = getattr(tl, FUNC)(a, b, propagate_nan=getattr(tl.PropagateNan, PROP))
    tl.static_assert(isinstance(r, tl.tensor))
    tl.static_assert(not isinstance(FUNC, tl.tensor))
    tl.store(out_ptr + offs, r)
    nan = float("-nan")
    tl.store(flag_ptr.to(tl.pointer_type(tl.int32)), (nan != nan).to(tl.int32) + 1)
