"""Triton 3.x's host-side TensorDescriptor (triton/tools/tensor_descriptor.py): a tensor with its
shape, strides and the block one load or store moves. Passed to a kernel, it becomes the
kernel's `tensordesc<...>` parameter (tritonc passes the base pointer, shape and strides). The
checks are Triton's, so a program that passes them here passes them under Triton too; from_tensor
also takes a numpy array (strides in elements, as a torch tensor's)."""
from dataclasses import dataclass
from typing import Any, List

from tritonc.bind import data_ptr


def _elem_bytes(t):
    return t.element_size() if hasattr(t, "element_size") else t.itemsize


@dataclass
class TensorDescriptor:
    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"

    def __post_init__(self):
        rank = len(self.shape)
        assert len(self.strides) == rank, f"rank mismatch: {self}"
        assert len(self.block_shape) == rank, f"rank mismatch: {self}"
        assert rank > 0, "rank must not be zero"
        assert rank <= 5, "rank cannot be more than 5"
        assert data_ptr(self.base) % 16 == 0, "base must be 16-byte aligned"
        for i, d in enumerate(self.block_shape):
            if not isinstance(d, int) or d <= 0 or d & (d - 1):
                raise ValueError(f"Shape element {i} must be a power of 2")
        elem_bytes = _elem_bytes(self.base)
        for stride in self.strides[:-1]:
            assert (stride * elem_bytes) % 16 == 0, "strides must be 16-byte aligned"
        assert self.strides[-1] == 1, "Last dimension must be contiguous"
        assert self.padding in ("zero", "nan"), "Illegal value for padding"

    @staticmethod
    def from_tensor(tensor, block_shape, padding="zero"):
        if hasattr(tensor, "stride"):
            strides = list(tensor.stride())
        else:  # numpy: byte strides
            strides = [s // tensor.itemsize for s in tensor.strides]
        return TensorDescriptor(tensor, list(tensor.shape), strides, list(block_shape), padding)
