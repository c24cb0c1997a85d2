# tritonc: -n scale_kernel -s "*bf16, *bf16, i32, 128" -g "cdiv(n, 128), 1, 1"
# file: tests/conformance/kernels/dtypes.py
# Without --include-runtime: only the runtime/ sections the kernel uses (bf16 conversions, and
# the SIMD layer's bf16 loads, stores and rounding) are copied, their prototypes before the
# kernel and their definitions after the launcher.
