# Imports the library at conftest time, before pytest_configure: the plugin must have patched
# triton already, or the kernel is the real Triton's (or, without Triton, the import fails).
import minilib  # noqa: F401
