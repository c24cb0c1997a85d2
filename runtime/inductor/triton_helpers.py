# torch._inductor.runtime.triton_helpers as tritonc carries it (runtime/inductor/README.md).
# Written for tritonc from what each helper of Inductor's module computes, so that the kernels
# torch.compile generates translate with no torch installed. Every helper is an ordinary
# @triton.jit function and goes through the same pipeline as user code.
import triton
import triton.language as tl
from triton.language.extra import libdevice
from triton.language import math


def set_driver_to_gpu():
    # Host code: Inductor's modules call it at import time; it does not affect kernels.
    pass


def set_driver_to_cpu():
    pass


@triton.jit
def promote_to_tensor(x):
    # a scalar or a tensor, as a tensor of at least one dimension
    return x + tl.zeros((1,), tl.int1)


@triton.jit
def div_floor_integer(a, b):
    # Python's a // b on integers (rounds toward minus infinity); Triton's // truncates
    q = a // b
    inexact = (a % b) != 0
    return tl.where(inexact & ((a < 0) != (b < 0)), q - 1, q)


@triton.jit
def remainder_integer(a, b):
    # Python's a % b on integers (the sign of b); Triton's % takes the sign of a
    r = a % b
    return tl.where((r != 0) & ((a < 0) != (b < 0)), r + b, r)


@triton.jit
def _mul_combine(a, b):
    return a * b


@triton.jit
def prod(input, axis):
    return tl.reduce(input, axis, _mul_combine)


# minimum/maximum propagate NaN (torch.minimum/maximum): a NaN on the left wins; one on the
# right wins because no comparison with it is true. x != x is false for integers.
@triton.jit
def minimum(a, b):
    return tl.where((a < b) | (a != a), a, b)


@triton.jit
def maximum(a, b):
    return tl.where((a > b) | (a != a), a, b)


@triton.jit
def min2(a, dim):
    return tl.reduce(a, dim, minimum)


@triton.jit
def max2(a, dim):
    return tl.reduce(a, dim, maximum)


# argmin/argmax combine: the smaller/larger value wins, NaN beats a number, equal values (two
# NaNs count as equal) keep the lower index.
@triton.jit
def minimum_with_index(a_value, a_index, b_value, b_index):
    a_nan = a_value != a_value
    b_nan = b_value != b_value
    tie = (a_value == b_value) | (a_nan & b_nan)
    take_a = (a_value < b_value) | (a_nan & (b_value == b_value)) | (tie & (a_index < b_index))
    return tl.where(take_a, a_value, b_value), tl.where(take_a, a_index, b_index)


@triton.jit
def maximum_with_index(a_value, a_index, b_value, b_index):
    a_nan = a_value != a_value
    b_nan = b_value != b_value
    tie = (a_value == b_value) | (a_nan & b_nan)
    take_a = (a_value > b_value) | (a_nan & (b_value == b_value)) | (tie & (a_index < b_index))
    return tl.where(take_a, a_value, b_value), tl.where(take_a, a_index, b_index)


@triton.jit
def min_with_index(value, index, dim):
    return tl.reduce((value, index), dim, minimum_with_index)


@triton.jit
def max_with_index(value, index, dim):
    return tl.reduce((value, index), dim, maximum_with_index)


# exp as Inductor's softmax kernels call it: with use_fast_math, through the hardware's base-2
# exponential, 2 ** (x * log2(e)).
@triton.jit
def exp(x, use_fast_math: tl.constexpr):
    if use_fast_math:
        return libdevice.exp2(x * 1.4426950408889634)
    else:
        return math.exp(x)


# Online softmax (Inductor's prepare_softmax_online): a row's running pair (max, sum of
# exp(x - max)). online_softmax_reduce folds a block of pairs along dim into one, rescaling each
# partial sum to the common max; a max of -inf (every element -inf) leaves its sum unscaled.
@triton.jit
def online_softmax_reduce(lhs_max, lhs_sum, dim, use_fast_math: tl.constexpr):
    m = max2(lhs_max, dim)
    m_kept = tl.expand_dims(m, dim)
    shift = tl.where(m_kept == float("-inf"), 0, lhs_max - m_kept)
    return m, tl.sum(lhs_sum * exp(shift, use_fast_math), dim)


# online_softmax_combine adds one new element rhs_max (its own sum is exp(0) = 1) to the
# accumulator pair (lhs_max, lhs_sum).
@triton.jit
def online_softmax_combine(lhs_max, lhs_sum, rhs_max, use_fast_math: tl.constexpr):
    m = maximum(lhs_max, rhs_max)
    none_finite = m == float("-inf")
    lhs_scale = tl.where(none_finite, 1.0, exp(lhs_max - m, use_fast_math))
    rhs_scale = tl.where(none_finite, 1.0, exp(rhs_max - m, use_fast_math))
    return m, lhs_sum * lhs_scale + rhs_scale


# Welford's running mean and sum of squared deviations (m2), one step per element; weight
# counts the elements seen. The first step starts the run at the element itself.
@triton.jit
def welford_reduce(value, mean, m2, weight, first_iteration):
    if first_iteration:
        next_weight = tl.full(weight.shape, 1, weight.dtype)
        next_mean = value
        next_m2 = tl.zeros_like(m2)
    else:
        delta = value - mean
        next_weight = weight + 1
        next_mean = mean + delta / next_weight
        next_m2 = m2 + delta * (value - next_mean)
    return next_mean, next_m2, next_weight


# Two partial Welford states merged (Chan et al.); an empty pair (weight 0) stays empty.
@triton.jit
def welford_combine(mean_a, m2_a, weight_a, mean_b, m2_b, weight_b):
    weight = weight_a + weight_b
    frac_b = tl.where(weight == 0.0, 0.0, weight_b / weight)
    delta = mean_b - mean_a
    return mean_a + delta * frac_b, m2_a + m2_b + delta * delta * weight_a * frac_b, weight


@triton.jit
def welford(mean, m2, weight, dim):
    return tl.reduce((mean, m2, weight), dim, welford_combine)


@triton.jit
def device_assert_then(cond, msg, r):
    tl.device_assert(cond, msg)
    return r


@triton.jit
def _or_combine(a, b):
    return a | b


@triton.jit
def any(a, dim):
    return tl.reduce(a, dim, _or_combine)
