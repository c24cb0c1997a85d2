# tritonc: -n decided_masks_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, 64, False" -g "3, 1, 1"
# file: tests/conformance/kernels/masks.py
# N_COLS = False (0): `always` is false on every lane, so `partial & always` is decided in the
# masked loop and `partial`, a named mask, was declared there and read by nothing (the C failed
# -Werror=unused-variable). A decided `&` / `|` now counts its other operand as unread, as a
# decided tl.where does, and the local is marked used.
