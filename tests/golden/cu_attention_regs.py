# tritonc: -n attn_fwd_kernel -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, fp32, 64, 128, 64, False" -g "cdiv(N_CTX, 128), 128, 1" --target cuda -w 8 -ns 3
# file: examples/flash_attention.py
# Flash-attention forward on fp16, the benchmark's blocks: k and v stream into a ring of 3 stages,
# q is staged once before the loop, q @ k^T is wgmma on sm_90a (two warpgroups of 64 rows), and
# p @ v takes p from the registers that hold it (tc_a_regs_f16: each thread's accumulator
# elements of q @ k^T are exactly its A fragments), as wgmma's register A on sm_90a and as the
# mma.sync fragments elsewhere: p never goes to shared memory and needs no barrier.
