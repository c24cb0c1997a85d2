from . import libdevice, cuda  # noqa: F401
