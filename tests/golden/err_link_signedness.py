# tritonc: -n index_fill_kernel -g "cdiv(n - start, 1024), 1, 1" --link -s "*i64, i32, i32, 1024" -s "*i64, u64, u64, 1024"
# file: tests/link/kernels.py
# --link: i32 and u64 have no common C type
