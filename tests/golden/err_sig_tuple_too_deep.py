# tritonc: -n k -s "(((((((((((((((((((((((((((((((((i32))))))))))))))))))))))))))))))))), *fp32" -g "1, 1, 1"
# A signature tuple nested 33 deep: refused at the 33rd '(' (the parsers recurse once a level;
# 10,000 levels overflowed the stack, tests/cli.sh checks that depth).
import triton
import triton.language as tl


@triton.jit
def k(t, out_ptr):
    tl.store(out_ptr, 1.0)
