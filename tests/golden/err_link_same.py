# tritonc: -n scale_add_kernel -g "cdiv(n, 256), 1, 1" --link -s "*fp32:16, *fp32, *fp32, i32, fp32, 256" -s "*fp32:16, *fp32, *fp32, i32, fp32, 256"
# file: tests/link/kernels.py
# --link: the same signature twice: no argument tells the two apart
