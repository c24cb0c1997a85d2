# tritonc: --include-runtime --plain -n _layer_norm_fwd_fused -s "*fp32, *fp32, *fp32, *fp32, *fp32, *fp32, i32, i32, fp32, 128" -g "23, 1, 1"
# file: examples/layernorm.py
