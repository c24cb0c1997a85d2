# A host helper that picks a vendor's math function by name at import time (mod_host_lookup).
import triton.language.extra.libdevice as libdevice

PREFERRED = {"rsqrt": "rsqrt", "exp": "exp2"}


def find_libdevice_fn(name):
    return getattr(libdevice, PREFERRED.get(name, name))
