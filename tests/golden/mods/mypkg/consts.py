import triton.language as tl

SQRT_2_OVER_PI = tl.constexpr(0.7978845608028654)
COEFF = tl.constexpr(0.044715)
