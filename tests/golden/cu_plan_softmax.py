# tritonc: --target cuda -w 8 -n softmax_kernel -s "*fp32:16, *fp32:16, i32:16, i32:16, i32, i32:16, 1024" -g "n_rows, 1, 1" --emit plan
# file: examples/softmax.py
# --emit plan of row softmax (golden cu_softmax): no dot; every tile of the row in the canonical
# layout of 8 warps, 4 contiguous fp32 per thread, index math recomputed where it is used.
