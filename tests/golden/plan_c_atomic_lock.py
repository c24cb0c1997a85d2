# tritonc: --emit plan -n locked_sum_kernel -s "*i32:16, *i32:16, *i32, *i32, i32, 4, 64" -g "cdiv(n, 64), 1, 1"
# file: tests/conformance/kernels/atomics.py
# The C target's plan of a kernel with atomics and a spin lock: no streaming stores, no tile kept
# across programs; the loop's trip count is unknown, so the traffic is a lower bound.
