# tritonc: -n matmul_kernel -s "*fp8e4nv:16, *fp8e4nv:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64, 4, False" -g "cdiv(M, 128) * cdiv(N, 128), 1, 1" --target cuda -w 4 -ns 3
# file: examples/matmul.py
# fp8 e4m3 x e4m3 -> fp32 with B stored [K, N]: the dot reads the fp8 tiles (not the fp16
# conversions sema writes), both streamed by cp.async into a ring of 3 stages as int8 operands
# are (B kept [K, N], its fragments gathered by __byte_perm); tc_mma_e4m3_e4m3 is mma.sync
# m16n8k32 e4m3 from sm_89 and two fp16 m16n8k16 of the exactly converted fragments before.
