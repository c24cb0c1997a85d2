"""Triton 3.x's host-side TensorDescriptor (triton/tools/tensor_descriptor.py), so programs that
import it load. tritonc does not take descriptors as kernel arguments: launching a kernel with
one raises tritonc.ArgumentError (make the descriptor in the kernel with
tl.make_tensor_descriptor instead)."""
from dataclasses import dataclass
from typing import Any, List


@dataclass
class TensorDescriptor:
    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"

    @staticmethod
    def from_tensor(tensor, block_shape, padding="zero"):
        return TensorDescriptor(tensor, list(tensor.shape), list(tensor.stride()),
                                list(block_shape), padding)
