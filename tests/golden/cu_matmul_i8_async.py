# tritonc: -n matmul_i8_kernel -s "*i8:16, *i8:16, *i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 64, 64" -g "cdiv(M, 64), cdiv(N, 64), 1" --target cuda -w 4 -ns 3
# file: examples/matmul.py
# int8 x int8 -> int32 on the CUDA target with both operands streamed by cp.async into a ring
# of 3 stages: a in swizzled K-major rows read by ldmatrix, b [K, N] as it comes in rows whose
# 16-byte chunks are swizzled by row / 4; each B fragment register is four 32-bit loads of rows
# k + 4t + i, one byte of each packed by __byte_perm; mma.sync m16n8k32. other=0 of the int8
# loads folds to a constant (nothing left to declare).
