# tritonc: --target cuda -n bias_gelu_kernel -s "*fp32, *fp32, *fp32, i32, i32, i32, i32, 16, 32" -g "cdiv(M, 16), cdiv(N, 32), 1"
# file: examples/bias_gelu.py
# 2D tiles: the bias row is read in the 2D layout of the tile it is added to.
