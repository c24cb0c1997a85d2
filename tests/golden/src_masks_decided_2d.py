# tritonc: --include-runtime -n decided_masks_2d_kernel -s "*fp32:16, *fp32:16, i32, 4, 32" -g "2, 1, 1"
# file: tests/conformance/kernels/masks.py
