# tritonc: --target cuda -n half_scalar_kernel -s "*fp16, *fp32, fp16, 64" -g "1, 1, 1"
# file: tests/lang/half_scalar.py
# An fp16 scalar argument crosses the launch as its bits (tc_bits_s); the kernel names the
# float value s (__half2float); it was used as the integer of its bits (fmaxf of the bits).
