# tritonc: -n stride_copy_kernel -g "cdiv(n, BLOCK), 1, 1" --link -s "*fp32, *fp32, i32, 1, 128" -s "*fp32, *fp32, i32, i32, 128" -s "*fp32, *fp32, i32, i32, 512"
# file: tests/link/kernels.py
# --link: stride == 1 (a constexpr in one specialization), and BLOCK, which differs, is an argument
