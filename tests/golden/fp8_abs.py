# tritonc: -n fp8_abs_kernel -s "*u8, *fp32, 1" -g "1, 1, 1"
# file: tests/conformance/kernels/fp8.py
