# tritonc: --include-runtime -n halving_kernel -s "*i32, *i32, i32" -g "n + 3, 1, 1"
# file: examples/while_return.py
