# tritonc: -n dot_trans_broadcast_kernel -s "*fp32:16, *fp32:16, *fp32:16, 64, 64, 32" -g "1, 1, 1" --target cuda -w 4
# file: tests/conformance/kernels/dot_views.py
# A tf32 wgmma dot whose B is a view (tl.trans of a broadcast row), staged from registers: B is
# written K-major and read through a K-major descriptor (tc_wgmma_tf32_n64_kb; wgmma takes tf32
# only so), and a is not copied by cp.async, since B's layout change at the dot goes through
# the shared memory where a's copy would land.
