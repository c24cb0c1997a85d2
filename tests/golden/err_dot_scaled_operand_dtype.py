# tritonc: -n bad_kernel -s '*fp16, *u8, *bf16, *fp32, "e4m3", "bf16", 32, 32, 64, 64, 2, True, False' -g "1, 1, 1"
# file: tests/dot_scaled/err_kernel.py
