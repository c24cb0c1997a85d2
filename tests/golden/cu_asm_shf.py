# tritonc: --target cuda -n asm_shf_kernel -s "*u32, *u32, *u32, 17, 128" -g "1, 1, 1"
# file: tests/conformance/kernels/inline_asm.py
