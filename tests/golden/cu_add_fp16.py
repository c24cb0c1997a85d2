# tritonc: --target cuda -n add_kernel -s "*fp16, *fp16, *fp16, i32, 256" -g "cdiv(n_elements, 256), 1, 1"
# file: examples/add.py
# fp16 add with nothing known about alignment: one element per access, fp16 held as float.
