# tritonc: -n mm_w8_ptr -s "*fp16:16, *i8:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64, 8" -g "cdiv(M, 128) * cdiv(N, 128), 1, 1" --target cuda -w 4 -ns 3 --emit plan
# file: bench/forms_kernels.py
# --emit plan of a linear layer with int8 weights W [N, K] converted to fp16 in the kernel, the
# tile reached K-major through pointers: the int8 tile streams through ring 0 as it is loaded
# (8 KiB a stage beside x's 16 KiB; b=ring0,converted,kmajor), the cast is done where the dot
# stages B (converted), and the wgmma waits for the group before (wait=deferred): the dot
# converts into two buffers taken in turn (converted_buffers=2), so the group left running reads
# one while the next trip writes the other.
