# tritonc: --target cuda -n asm_packed_multi_kernel -s "*u8, *fp32, *i32, *fp32, 512" -g "1, 1, 1"
# file: tests/conformance/kernels/inline_asm.py
