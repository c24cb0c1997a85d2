"""Triton 3.x's host-side TensorDescriptor (triton/tools/tensor_descriptor.py): a tensor with its
shape, strides and the block one load or store moves. Passed to a kernel, it becomes the
kernel's `tensordesc<...>` parameter (tritonc passes the base pointer, shape and strides).
from_tensor also takes a numpy array (strides in elements, as a torch tensor's)."""
from dataclasses import dataclass
from typing import Any, List


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
        assert 0 < rank <= 5, "rank must be 1 to 5"
        assert self.padding in ("zero", "nan"), "padding must be 'zero' or 'nan'"

    @staticmethod
    def from_tensor(tensor, block_shape, padding="zero"):
        if hasattr(tensor, "stride"):
            strides = list(tensor.stride())
        else:  # numpy: byte strides
            strides = [s // tensor.itemsize for s in tensor.strides]
        return TensorDescriptor(tensor, list(tensor.shape), strides, list(block_shape), padding)
