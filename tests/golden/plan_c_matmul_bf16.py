# tritonc: --emit plan -n matmul_kernel -s "*bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32:16, i32:16, i32:16, 64, 64, 32, 8, True" -g "cdiv(M, 64) * cdiv(N, 64), 1, 1"
# file: examples/matmul.py
# The C plan of a bf16 matmul: the K loop's product adds into the carried accumulator's own
# variable (into %N, the loop's result) and, a bf16 product into fp32 that nothing else in the
# loop reads, gathers in the loop's panel for the tile unit (panel).
