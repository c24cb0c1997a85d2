# tritonc: -n minmax_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, 4, 128" -g "cdiv(n, 128), 1, 1"
# file: tests/conformance/kernels/atomics.py
