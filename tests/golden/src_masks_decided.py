# tritonc: --include-runtime -n decided_masks_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, 64, 64" -g "3, 1, 1"
# file: tests/conformance/kernels/masks.py
