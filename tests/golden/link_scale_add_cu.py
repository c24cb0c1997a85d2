# tritonc: -n scale_add_kernel -g "cdiv(n, 256), 1, 1" --link --target cuda -s "*fp32:16, *fp32:16, *fp32:16, i32:16, fp32, 256" -s "*fp32, *fp32, *fp32, i64, fp32, 256"
# file: tests/link/kernels.py
# --link on the CUDA target: the first specialization that fits is launched on the stream
