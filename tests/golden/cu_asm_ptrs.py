# tritonc: --target cuda -n asm_ptrs_kernel -s "*u8, *u8, 512" -g "1, 1, 1"
# file: tests/conformance/kernels/inline_asm.py
