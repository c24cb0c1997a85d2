# tritonc: -n bad_kernel -s '*u8, *u8, *bf16, *fp32, "e2m1", "bf16", 32, 32, 32, 32, 1, True, False' -g "1, 1, 1"
# file: tests/dot_scaled/err_kernel.py
