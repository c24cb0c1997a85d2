# tritonc: -n mm_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" -g "cdiv(M, 128) * cdiv(N, 128), 1, 1" --target cuda -w 4 -ns 3 --emit plan
# file: tests/golden/cu_matmul_pipelined.py
# --emit plan of the pipelined fp16 matmul (golden cu_matmul_pipelined): the IR after the CUDA
# target's prefetch, with its decisions. a and b are copied trips ahead (copy=ring0:t0, t1
# before the loop, ring0:next in the body) into ring 0 of 3 stages; the dot is wgmma
# m64n128k16 over one warpgroup, both operands from the ring, waiting for the group before
# (wait=deferred); acc and its cast stay in the wgmma accumulator layout.
