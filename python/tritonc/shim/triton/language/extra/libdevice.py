"""libdevice.*: its functions exist only inside kernels."""
from ..core import make_getattr

__getattr__ = make_getattr("libdevice.")
