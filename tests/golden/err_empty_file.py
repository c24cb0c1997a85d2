# tritonc: -n add_kernel -s "*fp32, *fp32, *fp32, i32, 128" -g "cdiv(n_elements, 128), 1, 1"
# generate: printf ''
