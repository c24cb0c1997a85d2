# tritonc: -n bcast_trans6_kernel -s "*fp32:16, *fp32:16, *fp32:16" -g "1, 1, 1"
# file: tests/conformance/kernels/shape_ops.py
# Rank-6 tiles (MAXRANK 10): broadcasting through x[..., None] * y[None, ...], tl.trans with six
# dims, a max and a keep_dims sum; loops i0..i5.
