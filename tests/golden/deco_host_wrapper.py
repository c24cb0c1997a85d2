# tritonc: -n scale_kernel -s "*fp32, *fp32, i32, fp32" -g "cdiv(n, 64), 1, 1"
# A kernel as kernel libraries publish it: a host-side decorator of the library's own above
# @triton.jit (a caching launcher: it wraps the finished kernel and never changes its body, so
# it is not evaluated), @triton.jit called with options for Triton's runtime, and BLOCK from
# the heuristic under the wrapper.
import functools

import triton
import triton.language as tl


def cached_launcher(cache_key=None):
    def wrap(kernel):
        @functools.wraps(kernel)
        def launch(*args, **kwargs):
            return kernel(*args, **kwargs)
        return launch
    return wrap


@cached_launcher(cache_key="scale")
@triton.heuristics({"BLOCK": lambda args: 64})
@triton.jit(do_not_specialize=["factor"])
def scale_kernel(x_ptr, y_ptr, n, factor, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x * factor, mask=mask)
