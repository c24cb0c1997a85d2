# tritonc: --target cuda -n bcast_trans6_kernel -s "*fp32:16, *fp32:16, *fp32:16" -g "1, 1, 1" -w 1
# file: tests/conformance/kernels/shape_ops.py
# Rank-6 tiles as CUDA on one warp: the layout's coordinate bits of six dimensions, the
# trans's bit re-wiring, a max across registers and a keep_dims sum broadcast back.
