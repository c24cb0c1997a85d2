# tritonc: --include-runtime -n sum_of_products_kernel -s "*fp32:16, *fp32:16, *fp32, i32, 64" -g "7, 1, 1"
# file: tests/conformance/kernels/accumulate.py
