"""triton.runtime: the launch classes and a CPU 'driver' (the device programs ask for)."""
from tritonc.jit import JITFunction, Autotuner, Heuristics, KernelWrapper as KernelInterface  # noqa: F401
from tritonc.errors import TritoncError as OutOfResources  # noqa: F401


class _Target:
    backend = "cpu"
    arch = "tritonc-c"
    warp_size = 32


class _Active:
    def get_current_target(self):
        return _Target()

    def get_active_torch_device(self):
        import torch
        return torch.device("cpu")

    def get_current_device(self):
        return 0

    def get_current_stream(self, device=None):
        return 0


class _Driver:
    active = _Active()


driver = _Driver()


from . import errors, jit  # noqa: E402,F401
from .jit import TensorWrapper, reinterpret  # noqa: E402,F401
