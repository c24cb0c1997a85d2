# tritonc: --target cuda -n k -s "*fp32, *fp32, 16" -g "1, 1, 1"
# file: tests/golden/err_inline_asm.py
# The same kernel on the CUDA target: an fp32 argument and result in "r" registers (their bits).
