# tritonc: -n namedtuple_args -s "Tile(ptr=*fp32:16, shape=(i32, 16), stride=(i32:16, 1)), Tile(ptr=*fp32:16, shape=(i32, 16), stride=(i32:16, 1)), Epilogue(fn=scale_add, args=(fp32, Bias(ptr=*fp32:16, n=i32))), 32, 16" --target cuda
# file: tests/golden/namedtuple_args.py
# NamedTuple arguments on the CUDA target: the kernel's parameters are the type items, named by
# their path of field names (src_ptr, epi_args_1_ptr); the loop carries st_acc and st_steps.
