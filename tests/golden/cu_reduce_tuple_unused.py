# tritonc: --target cuda -n merge_stats_kernel -s "*fp32, *fp32, *fp32, *fp32, i32, 16" -g "1, 1, 1"
# A whole-tile tl.reduce over a tuple whose second result is dropped (`_`), as Welford merges
# of partial (mean, count, M2) triples write it (FlagGems' var_mean): the result nobody reads
# is not declared, so nvcc has no unused variable to warn about (tests/cli.sh compiles it with
# -Werror all-warnings).
import triton
import triton.language as tl


@triton.jit
def merge(mean_a, n_a, m2_a, mean_b, n_b, m2_b):
    n = n_a + n_b
    safe = tl.maximum(n, 1)
    delta = mean_b - mean_a
    mean = mean_a + delta * n_b / safe
    m2 = m2_a + m2_b + delta * delta * n_a * n_b / safe
    return mean, n, m2


@triton.jit
def merge_stats_kernel(mean_ptr, n_ptr, m2_ptr, out_ptr, parts, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < parts
    mean = tl.load(mean_ptr + offs, mask=m, other=0.0)
    n = tl.load(n_ptr + offs, mask=m, other=0.0)
    m2 = tl.load(m2_ptr + offs, mask=m, other=0.0)
    total_mean, _, total_m2 = tl.reduce((mean, n, m2), axis=0, combine_fn=merge)
    tl.store(out_ptr, total_mean)
    tl.store(out_ptr + 1, total_m2)
