# tritonc: -n matmul_i8_kernel -s "*i8:16, *i8:16, *i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 32" -g "cdiv(M, 128), cdiv(N, 128), 1" --target cuda -w 8 -ns 3 --emit plan
# file: examples/matmul.py
# --emit plan of an int8 matmul: mma.sync m16n8k32 over 4x2 warps, both operands streamed through
# ring 0, B kept [K, N] as it comes (b=ring0,kn: ldmatrix cannot transpose 8-bit elements).
