"""triton.runtime.jit's tensor reinterpretation: a torch tensor whose elements a kernel reads
as another type of the same width (uint32 data in an int32 tensor, fp8 in int8). torch 1.x has
no uint16/32/64 or fp8 dtypes, so Triton's tests pass such data this way; tritonc's binding
reads the wrapper's .dtype (a tl dtype) and the base tensor's data pointer."""
from tritonc.jit import JITFunction, jit  # noqa: F401


class TensorWrapper:
    def __init__(self, base, dtype):
        self.base = base
        self.dtype = dtype
        self.device = base.device
        self.shape = base.shape

    @property
    def is_cuda(self):
        return self.base.is_cuda

    def data_ptr(self):
        return self.base.data_ptr()

    def stride(self, *args):
        return self.base.stride(*args)

    def numel(self):
        return self.base.numel()

    def element_size(self):
        return self.base.element_size()

    def dim(self):
        return self.base.dim()

    def size(self, *args):
        return self.base.size(*args)

    def cpu(self):
        return TensorWrapper(self.base.cpu(), self.dtype)

    def to(self, device):
        return TensorWrapper(self.base.to(device), self.dtype)

    def clone(self):
        return TensorWrapper(self.base.clone(), self.dtype)

    def copy_(self, other):
        self.base.copy_(other.base if isinstance(other, TensorWrapper) else other)
        return self

    def __str__(self):
        return f"TensorWrapper[{self.dtype}]({self.base})"

    __repr__ = __str__


def reinterpret(tensor, dtype):
    """The same memory seen as elements of `dtype` (a tl dtype): a wrapper, or the base tensor
    again when the wrapper is asked for the base tensor's own type."""
    if isinstance(tensor, TensorWrapper):
        if _same_as_torch(dtype, tensor.base.dtype):
            return tensor.base
        return TensorWrapper(tensor.base, dtype)
    if hasattr(tensor, "data_ptr"):
        return TensorWrapper(tensor, dtype)
    raise TypeError(f"cannot reinterpret a {type(tensor).__name__}")


def _same_as_torch(dtype, torch_dtype):
    from tritonc.bind import tensor_dtype
    try:
        return tensor_dtype(type("T", (), {"dtype": torch_dtype})()) == dtype.name
    except Exception:
        return False
