# tritonc: -n fill_kernel -s "*fp32, i32" -g "cdiv(n, 32), 1, 1" --all-configs -o fill
# Autotune options spread from host Python tritonc cannot evaluate (an inspect query): one
# config translates without them (they steer only the host's tuning), but the dispatcher of
# --all-configs would need them (reset_to_zero, hooks ...): an error naming the spread and why.
import inspect

import triton
import triton.language as tl

HAS_CACHE = "cache_results" in inspect.signature(triton.autotune).parameters
tune_options = {"cache_results": True} if HAS_CACHE else {}


@triton.autotune(configs=[triton.Config({"B": 32}), triton.Config({"B": 64})], key=["n"], **tune_options)
@triton.jit
def fill_kernel(X, n, B: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    tl.store(X + offs, 1.0, mask=offs < n)
