# tritonc: --include-runtime -n acc_kept_kernel -s "*fp32, *fp32, *fp32, i32, 64" -g "1, 1, 1"
# file: tests/conformance/kernels/accumulate.py
