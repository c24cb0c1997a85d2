# tritonc: -n half_scalar_kernel -s "*bf16, *fp32, bf16, 64" -g "1, 1, 1"
# file: tests/lang/half_scalar.py
# A bf16 scalar argument crosses the C interface as its bits: the launcher converts it
# (tc_bf16_to_f32) and the program takes a float; it was used as the integer of its bits.
