"""Binding a launch's arguments the way Triton's JIT does (triton/runtime/jit.py,
create_specialize_impl, and the NVIDIA backend's divisibility rule), into a tritonc signature.

Per kernel parameter, in order:
  constexpr parameter (annotated tl.constexpr)  -> its value as a literal: 1024, 0.5, True,
                                                   'mean', tl.float16, (4, 8)
  None                                          -> constexpr None
  bool                                          -> u1
  int equal to 1 (unless do_not_specialize)     -> constexpr 1 (Triton specialises it away)
  int in [-2^31, 2^31)                          -> i32, i32:16 when divisible by 16
  int in [2^63, 2^64)                           -> u64(:16);  any other int -> i64(:16)
  float                                         -> fp32
  tensor / numpy array                          -> *DTYPE, *DTYPE:16 when the data pointer is
                                                   16-byte aligned
  tuple                                         -> its items bound by these rules, in
                                                   parentheses: (*fp32:16, (1, i32))
  NamedTuple                                    -> the same, with its class and field names:
                                                   Tensor(ptr=*fp32:16, shape=(i32:16, 32))
  @triton.jit function                          -> constexpr: its name, which the translated
                                                   module text defines (source.py)
(":16" is left out for parameters in do_not_specialize / do_not_specialize_on_alignment.)"""
import sys

from .errors import ArgumentError, IntegerOverflow

# torch / numpy dtype names -> Triton's canonical names (type_canonicalisation_dict).
DTYPE_NAMES = {
    "bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "float16": "fp16", "half": "fp16", "bfloat16": "bf16", "float32": "fp32", "float": "fp32",
    "float64": "fp64", "double": "fp64", "float8_e4m3fn": "fp8e4nv", "float8_e5m2": "fp8e5",
}
DTYPE_BITS = {"i1": 8, "i8": 8, "u8": 8, "fp8e4nv": 8, "fp8e5": 8, "fp8e4b15": 8, "i16": 16,
              "u16": 16, "fp16": 16, "bf16": 16, "i32": 32, "u32": 32, "fp32": 32, "i64": 64,
              "u64": 64, "fp64": 64}
# Triton's canonical names -> the tl.* names tritonc reads in a signature.
TL_NAMES = {
    "i1": "int1", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
    "fp8e4nv": "float8e4nv", "fp8e5": "float8e5", "fp8e4b15": "float8e4b15",
}

_dtype_cache = {}


def tensor_dtype(arg):
    """Triton's canonical element type of a tensor or array ('fp32', 'i64', ...)."""
    dt = arg.dtype
    name = _dtype_cache.get(dt)
    if name is None and is_dtype(dt):
        # triton's TensorWrapper (test_core's reinterpret/to_triton for unsigned types): a
        # torch tensor of the signed type whose .dtype is a tl dtype such as tl.uint32 (named
        # 'u32' by the shim, 'uint32' by Triton)
        name = DTYPE_NAMES.get(dt.name, dt.name)
        _dtype_cache[dt] = name
    if name is None:
        text = str(dt)
        text = text[len("torch."):] if text.startswith("torch.") else text
        name = DTYPE_NAMES.get(text)
        if name is None:
            raise ArgumentError(f"tritonc: tensor dtype {dt} is not supported (supported: "
                                + ", ".join(sorted(k for k in DTYPE_NAMES if "_" not in k)) + ")")
        _dtype_cache[dt] = name
    return name


def is_numpy_array(arg):
    np = sys.modules.get("numpy")
    return np is not None and isinstance(arg, np.ndarray)


def device_of(arg):
    """('cpu', None) or ('cuda', index) or (other, None) for a tensor; numpy arrays are CPU."""
    dev = getattr(arg, "device", None)
    if dev is None or isinstance(dev, str):
        return (dev or "cpu", None)
    return (dev.type, dev.index)


def data_ptr(arg):
    if is_numpy_array(arg):
        return arg.__array_interface__["data"][0]
    return arg.data_ptr()


def is_tensor(arg):
    return hasattr(arg, "data_ptr") or is_numpy_array(arg)


def is_dtype(v):
    """A tl.dtype, Triton's or the shim's (both carry a canonical .name like 'fp16')."""
    cls = type(v)
    return any(c.__name__ in ("dtype", "pointer_type") and "triton" in c.__module__ for c in cls.__mro__)


def constexpr_value(v):
    """Unwraps tl.constexpr(...) (Triton's or the shim's)."""
    while type(v).__name__ == "constexpr" and hasattr(v, "value"):
        v = v.value
    return v


def is_jit_function(v):
    """A @triton.jit function (the runner's JITFunction, or autotune/heuristics around one)."""
    from .jit import KernelWrapper
    return isinstance(v, KernelWrapper)


def jit_name(v):
    """The name a @triton.jit function has in the module text tritonc translates."""
    return v.jit_function().fn.__name__


def jit_functions(v, out=None):
    """The @triton.jit functions inside a constexpr value (itself, or items of its tuples)."""
    out = [] if out is None else out
    v = constexpr_value(v)
    if is_jit_function(v):
        out.append(v)
    elif isinstance(v, tuple):
        for e in v:
            jit_functions(e, out)
    return out


def is_namedtuple(v):
    return isinstance(v, tuple) and hasattr(type(v), "_fields")


def literal(v, what):
    """A constexpr value as tritonc's -s reads it."""
    v = constexpr_value(v)
    if is_jit_function(v):
        return jit_name(v)
    if is_namedtuple(v):  # Cls(field=value, ...)
        return type(v).__name__ + "(" + ", ".join(
            f"{f}={literal(e, what)}" for f, e in zip(v._fields, v)) + ")"
    if v is None or isinstance(v, bool):
        return str(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v:
            return "float('nan')"
        if v in (float("inf"), float("-inf")):
            return "float('%s')" % ("inf" if v > 0 else "-inf")
        return repr(v)
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, tuple):  # a shape for tl.reshape: (4, 8), (16,), ((1, 2), 3)
        items = [literal(e, what) for e in v]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if is_dtype(v):
        name = getattr(v, "name", str(v))
        return "tl." + TL_NAMES.get(name, name)
    if type(v).__module__ == "torch" and type(v).__name__ == "dtype":
        return "tl." + TL_NAMES[tensor_dtype(type("T", (), {"dtype": v})())]
    raise ArgumentError(f"tritonc: constexpr {what} = {v!r}: a {type(v).__name__} is not "
                        "supported as a constexpr (int, float, bool, str, None, dtype, "
                        "@triton.jit functions and tuples of these are)")


def scalar_entry(v, specialize, align):
    """(signature entry, runtime value or _CONST) of a non-constexpr scalar argument."""
    if v is None:
        return "None", _CONST
    if isinstance(v, bool):
        return "u1", v
    if isinstance(v, int):
        if v == 1 and specialize:
            return "1", _CONST
        if -(2**31) <= v <= 2**31 - 1:
            ty = "i32"
        elif 2**63 <= v <= 2**64 - 1:
            ty = "u64"
        elif -(2**63) <= v < 2**63:
            ty = "i64"
        else:
            raise IntegerOverflow(f"tritonc: integer argument {v} does not fit in 64 bits")
        if specialize and align and v % 16 == 0:
            ty += ":16"
        return ty, v
    if isinstance(v, float):
        return "fp32", v
    return None, None


class _Const:
    def __repr__(self):
        return "<constexpr>"


_CONST = _Const()
CONST = _CONST


class Expanded(list):
    """The runtime values one argument passes as several C parameters (a tensor descriptor, a
    tuple); funcs: the @triton.jit functions its constexpr items hold."""
    funcs = ()


class FuncConst:
    """What a constexpr argument holding @triton.jit functions passes: no value; the launch
    keys its specialisation on the functions themselves (two functions may share a name)."""
    __slots__ = ("funcs",)

    def __init__(self, funcs):
        self.funcs = funcs


def descriptor_param(p, d):
    """A host TensorDescriptor (Triton's triton.tools.tensor_descriptor or the shim's): the
    entry `tensordesc<fp16[64, 64]>`, and the values tritonc's C parameters for it take: the base
    pointer, the shape, the strides but the last (which must be 1)."""
    base = d.base
    if not is_tensor(base):
        raise ArgumentError(f"tritonc: argument {p.name}: the TensorDescriptor's base is "
                            f"{type(base).__name__}, not a tensor")
    shape, strides, block = list(d.shape), list(d.strides), list(d.block_shape)
    rank = len(shape)
    if not 1 <= rank <= 5 or len(strides) != rank or len(block) != rank:
        raise ArgumentError(f"tritonc: argument {p.name}: TensorDescriptor of shape {shape}, "
                            f"strides {strides}, block {block}: 1 to 5 dimensions, the same in each")
    if strides[-1] != 1:
        raise ArgumentError(f"tritonc: argument {p.name}: the TensorDescriptor's last stride "
                            f"must be 1, got {strides[-1]}")
    padding = getattr(d, "padding", "zero")
    if padding not in ("zero", "nan"):
        raise ArgumentError(f"tritonc: argument {p.name}: TensorDescriptor padding {padding!r} "
                            "is not one of 'zero', 'nan'")
    if hasattr(d, "layout"):
        raise ArgumentError(f"tritonc: argument {p.name}: a Gluon TensorDescriptor (with a "
                            "shared-memory layout) is not supported")
    ptr = data_ptr(base)
    if ptr % 16:
        raise ArgumentError(f"tritonc: argument {p.name}: the TensorDescriptor's base must be "
                            "16-byte aligned (as Triton requires)")
    dt = tensor_dtype(base)
    esize = max(DTYPE_BITS.get(dt, 8) // 8, 1)
    if any(int(s) * esize % 16 for s in strides[:-1]):
        raise ArgumentError(f"tritonc: argument {p.name}: the TensorDescriptor's strides "
                            f"{strides} must be 16-byte multiples but the last (as Triton requires)")
    entry = f"tensordesc<{dt}[{', '.join(str(int(b)) for b in block)}]" + \
        (", nan>" if padding == "nan" else ">")
    if not p.do_not_specialize and all(int(n) % 16 == 0 for n in shape):
        entry += ":16"  # as Triton's JIT specialises integers: loads of whole 16-byte chunks
    values = Expanded([ptr] + [int(n) for n in shape] + [int(s) for s in strides[:-1]])
    return entry, values, base


class _Item:
    """Item i of a tuple argument, specialised as its parameter's arguments are."""
    is_constexpr = False

    def __init__(self, p, i):
        self.name = f"{p.name}.{i}" if isinstance(i, str) else f"{p.name}[{i}]"
        self.do_not_specialize, self.no_align = p.do_not_specialize, p.no_align


def add_bound(val, tensor, values, tensors, funcs=None):
    """Appends what bind_param gave for one argument to a launch's runtime values and tensors
    (an Expanded value or a list of tensors spread; constexprs pass no value), and to funcs the
    @triton.jit functions it holds."""
    if isinstance(val, Expanded):
        values.extend(val)
        if val.funcs and funcs is not None:
            funcs.extend(val.funcs)
    elif isinstance(val, FuncConst):
        if funcs is not None:
            funcs.extend(val.funcs)
    elif val is not _CONST:
        values.append(val)
    if isinstance(tensor, list):
        tensors.extend(tensor)
    elif tensor is not None:
        tensors.append(tensor)


def tuple_param(p, v):
    """A tuple argument (Triton 3's): the entry `(*fp32:16, (1, i32))`, each item bound as an
    argument would be (tensors, scalars, constexprs, nested tuples); a NamedTuple's entry names
    its class and fields, `Tensor(ptr=*fp32:16, shape=(i32:16, 32))`. Its runtime values in
    order, as the C parameters of its type items take them, and its tensors."""
    fields = getattr(type(v), "_fields", None)
    entries, values, tensors, funcs = [], Expanded(), [], []
    for i, item in enumerate(v):
        where = fields[i] if fields else i
        if type(item).__name__ == "TensorDescriptor":
            raise ArgumentError(f"tritonc: argument {_Item(p, where).name}: a TensorDescriptor "
                                "inside a tuple argument is not supported")
        entry, val, t = bind_param(_Item(p, where), item)
        entries.append(f"{fields[i]}={entry}" if fields else entry)
        add_bound(val, t, values, tensors, funcs)
    values.funcs = funcs
    if fields:
        return type(v).__name__ + "(" + ", ".join(entries) + ")", values, tensors
    return "(" + ", ".join(entries) + ("," if len(entries) == 1 else "") + ")", values, tensors


def constexpr_param(p, v):
    funcs = jit_functions(v)
    return literal(v, p.name), FuncConst(funcs) if funcs else _CONST, None


def bind_param(p, v):
    """(entry, runtime value, tensor or None) for parameter p (see jit.Param) given value v; a
    tuple argument gives its values as an Expanded list and its tensors as a list."""
    if p.is_constexpr or type(v).__name__ == "constexpr":
        return constexpr_param(p, v)
    if type(v).__name__ == "TensorDescriptor":
        return descriptor_param(p, v)
    if isinstance(v, tuple):
        return tuple_param(p, v)
    if is_tensor(v):
        dt = tensor_dtype(v)
        ptr = data_ptr(v)
        entry = "*" + dt
        if not p.do_not_specialize and not p.no_align and ptr % 16 == 0:
            entry += ":16"
        return entry, ptr, v
    entry, val = scalar_entry(v, not p.do_not_specialize, not p.no_align)
    if entry is None:
        if is_jit_function(v):  # a constexpr, as Triton's JIT specialises a JITFunction
            return constexpr_param(p, v)
        raise ArgumentError(f"tritonc: argument {p.name}: unsupported type {type(v).__name__}")
    return entry, val, None
