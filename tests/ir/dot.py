# tritonc: -n dotk -s "*i8:16, *i8:16, *i32:16, 32"
import triton
import triton.language as tl


@triton.jit
def dotk(a_ptr, b_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(a_ptr + r[:, None] * B + r[None, :])
    acc = tl.zeros((B, B), dtype=tl.int32) + 16
    for k in range(2):
        acc += tl.dot(a, a)
    c = tl.dot(a, a) + r[None, :]
    tl.store(c_ptr + r[:, None] * B + r[None, :], c + acc)


# the product of int8 tiles is int32 with nothing known of it: no contiguity, divisibility or
# constancy (the accumulator's constancy 32,32 and divisibility 16 must not pass through)
# expect: ^    %[0-9]+\.acc = dot %[0-9]+\.a, %[0-9]+\.a, %[0-9]+\.acc : i32\[32, 32\]  @[0-9]+$
# expect: = dot %[0-9]+\.a, %[0-9]+\.a, %[0-9]+ : i32\[32, 32\]  @[0-9]+$
# `acc += tl.dot(a, a)` folds into the dot's accumulator: no add of a dot result in the loop
# reject: = add %[0-9]+\.acc, %[0-9]+ : i32\[32, 32\]  @11
