# tritonc: --include-runtime -n py_builtins_kernel -s "*fp32, *fp32, *fp32, *fp16, *fp32, i32, i32, fp32, 32" -g "cdiv(n_rows, 3), 1, 1"
# file: tests/conformance/kernels/py_builtins.py
