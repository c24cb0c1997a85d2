# tritonc: --target cuda -n k -s "*i32, *i32, i32, 16" -g "1, 1, 1"
# file: tests/golden/shift_count_facts.py
# As CUDA: a shift count the axis facts know below the width (s = pid * 0 + 3) is a plain shift;
# a count they leave open goes through tc_shl.
