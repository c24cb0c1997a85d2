# tritonc: --target cuda -n asm_multi_kernel -s "*u32, *u32, *u32, *u32, 512" -g "1, 1, 1"
# file: tests/conformance/kernels/inline_asm.py
