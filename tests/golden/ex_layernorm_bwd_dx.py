# tritonc: --include-runtime -n _layer_norm_bwd_dx -s "*fp32, *fp32, *fp32, *fp32, *fp32, *fp32, i32, i32, 512" -g "19, 1, 1"
# file: examples/layernorm.py
