# tritonc: --target cuda -w 8 -n _layer_norm_fwd_fused -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 1024" -g "1024, 1, 1"
# file: examples/layernorm.py
# Layer norm forward on fp16 rows: 8 halves per access, fp32 statistics.
