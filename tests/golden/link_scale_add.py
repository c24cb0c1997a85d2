# tritonc: -n scale_add_kernel -g "cdiv(n, 256), 1, 1" --link -s "*fp32:16, *fp32:16, *fp32:16, i32:16, fp32, 256" -s "*fp32, *fp32, *fp32, i32, fp32, 256" -s "*fp32, *fp32, *fp32, i64, fp32, 256"
# file: tests/link/kernels.py
# --link: aligned pointers and n % 16 == 0 first, then any pointers with an int32 n, then int64 n
