# tritonc: -n row_sum_kernel -s "*fp32:16, *fp32:16, i32, i32, i32, 4, 1024"
# file: examples/reductions.py
# The example as written: the C emitter passed NULL to qsort (UBSan: null pointer passed as
# argument 1) when a group pulled no values.
