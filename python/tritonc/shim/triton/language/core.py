"""triton.language's values as a program's Python sees them outside kernels: constexpr, dtypes,
and placeholders for the builtins (calling one from Python is an error, as under Triton)."""


class constexpr:
    def __init__(self, value):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return f"constexpr[{self.value!r}]"

    def __index__(self):
        return self.value

    def __int__(self):
        return int(self.value)

    def __float__(self):
        return float(self.value)

    def __bool__(self):
        return bool(self.value)

    def __eq__(self, other):
        return self.value == getattr(other, "value", other)

    def __hash__(self):
        return hash(self.value)

    def __call__(self, *args, **kwargs):
        return self.value(*args, **kwargs)


class dtype:
    """A Triton element type; .name is Triton's canonical name ('fp32', 'i64', ...)."""

    SINT_TYPES = ["int8", "int16", "int32", "int64"]
    UINT_TYPES = ["int1", "uint8", "uint16", "uint32", "uint64"]
    STANDARD_FP_TYPES = ["fp16", "bf16", "fp32", "fp64"]

    def __init__(self, name):
        # Triton spells some names as Python does ('int8', 'uint32'); keep the canonical one
        self.name = CANONICAL.get(name, name)

    def __repr__(self):
        return f"triton.language.{PY_NAMES.get(self.name, self.name)}"

    __str__ = lambda self: self.name  # noqa: E731

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    @property
    def primitive_bitwidth(self):
        if self.name == "i1":
            return 1
        if self.name.startswith("fp8"):  # fp8e4nv: the digits are not the width
            return 8
        return int("".join(c for c in self.name if c.isdigit())[:2])

    # Triton's dtype attributes of float formats (test_core's convert_float_to_float32 reads them)
    _MANTISSA = {"fp8e4nv": 3, "fp8e5": 2, "fp8e4b15": 3, "fp16": 10, "bf16": 7, "fp32": 23,
                 "fp64": 52}
    _BIAS = {"fp8e4nv": 7, "fp8e5": 15, "fp8e4b15": 15, "fp16": 15, "bf16": 127, "fp32": 127,
             "fp64": 1023}

    @property
    def fp_mantissa_width(self):
        return self._MANTISSA[self.name]

    @property
    def exponent_bias(self):
        return self._BIAS[self.name]

    def is_floating(self):
        return self.name.startswith(("fp", "bf"))

    def is_int_signed(self):
        return self.name.startswith("i")

    def is_int_unsigned(self):
        return self.name.startswith("u")

    def __call__(self, *args):
        raise RuntimeError(f"{self!r}(...) is only meaningful inside a @triton.jit kernel")


class pointer_type(dtype):
    def __init__(self, element_ty, address_space=1, const=False):
        super().__init__("*" + element_ty.name)
        self.element_ty = element_ty


class block_type(dtype):
    pass


class tensor:
    """Kernel values exist only inside tritonc's translation."""


PY_NAMES = {"i1": "int1", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
            "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
            "fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
            "fp8e4nv": "float8e4nv", "fp8e5": "float8e5", "fp8e4b15": "float8e4b15"}
CANONICAL = {py: name for name, py in PY_NAMES.items()}
DTYPES = {py: dtype(name) for name, py in PY_NAMES.items()}


class builtin:
    """tl.NAME outside a kernel."""

    def __init__(self, name):
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"tl.{self.__name__}() can only be called inside a @triton.jit kernel "
                           "(tritonc translates kernels; it never runs them in Python)")

    def __getattr__(self, k):
        if k.startswith("__"):
            raise AttributeError(k)
        return builtin(f"{self.__name__}.{k}")

    def __repr__(self):
        return f"<triton.language builtin {self.__name__}>"


def make_getattr(prefix):
    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return builtin(prefix + name)
    return __getattr__


__getattr__ = make_getattr("")
