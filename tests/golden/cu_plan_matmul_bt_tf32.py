# tritonc: -n matmul_bt_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 32" -g "cdiv(M, 128), cdiv(N, 128), 1" --target cuda -w 8 -ns 3 --emit plan
# file: examples/matmul.py
# --emit plan of a @ bt.T in fp32 at tf32 precision: B = tl.trans(bt tile) streams as it is
# (b=ring0,kmajor), the dot is wgmma m64n128k8 tf32 over 2x1 warpgroups with a deferred wait.
