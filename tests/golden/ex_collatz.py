# tritonc: --include-runtime -n collatz_steps_kernel -s "*i32, *i32, i32, 64" -g "cdiv(n, 64) + 2, 1, 1"
# file: examples/while_return.py
