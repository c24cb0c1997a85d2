# tritonc: --target cuda -n cumsum_kernel -s "*fp32, *fp32, i32, i32, 256" -g "12, 1, 1"
# file: examples/cumsum.py
# An inclusive scan (tl.cumsum) through shared memory.
