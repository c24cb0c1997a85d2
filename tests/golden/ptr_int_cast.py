# tritonc: -n ptr_where_kernel -s "*i1, *i64, *i64, *i64, *i32, i32, 64" -g "cdiv(n, 64), 1, 1"
# file: tests/conformance/kernels/ptr_cast.py
