# tritonc: -n scale_add_kernel -g "cdiv(n, 256), 1, 1" --link -s "*fp32, *fp32, *fp32, i32, fp32, 256" -s "*fp32, *fp16, *fp32, i32, fp32, 256"
# file: tests/link/kernels.py
# --link: one C parameter cannot be float * and uint16_t *
