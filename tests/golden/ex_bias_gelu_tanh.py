# tritonc: --include-runtime -n bias_gelu_tanh_kernel -s "*fp32, *fp32, *fp32, i32, i32, i32, i32, 8, 64" -g "cdiv(M, 8), cdiv(N, 64), 1"
# file: examples/bias_gelu.py
